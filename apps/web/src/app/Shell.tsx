import { logoutTarget, menuRoutes } from '@atoll/domain/navigation/guard';
import { ROUTES } from '@atoll/domain/navigation/routes';
import { Anchor, AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../components/ColorSchemeToggle.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { UserMenu } from '../components/UserMenu.tsx';
import { useBootstrap } from './bootstrap.ts';
import { routeIcon } from './icons.ts';
import { session, useSession } from './session.ts';

/** The frame of every internal page: top bar and the menu built from the route table. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const { t } = useTranslation();
  const boot = useBootstrap();
  const { token, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const sections = boot.data
    ? menuRoutes(ROUTES, token && user ? user : null, boot.data.features, boot.data.views)
    : [];

  const logout = async () => {
    const target = logoutTarget(location.pathname);
    await session.logout();
    await navigate(target);
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('app.menu')} />
            <Anchor component={Link} to="/" underline="never" c="inherit" fw={700} size="lg">
              Atoll
            </Anchor>
            {boot.data?.logo && (
              // Decorative: the company's name stands beside it.
              <img src={boot.data.logo} alt="" height={28} style={{ maxWidth: 120, objectFit: 'contain' }} />
            )}
            {boot.data?.company && (
              <Text c="dimmed" size="sm" visibleFrom="sm" truncate>
                {boot.data.company}
              </Text>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <ColorSchemeToggle />
            {user && <UserMenu user={user} onLogout={logout} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t('app.menu')}>
        <ScrollArea p="xs">
          {sections.map(({ section, routes }) => (
            <div key={section}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                {t(`sections.${section}`)}
              </Text>
              {routes.map((route) => {
                const Icon = routeIcon(route.icon);
                return (
                  <NavLink
                    key={route.path}
                    component={Link}
                    to={route.path}
                    label={t(`routes.${route.name}`)}
                    leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                    active={location.pathname === route.path}
                    onClick={close}
                  />
                );
              })}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
