import { evaluateAccess } from '@atoll/domain/navigation/guard';
import { ROUTES } from '@atoll/domain/navigation/routes';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBootstrap } from '../../../app/bootstrap.ts';
import { routeIcon } from '../../../app/icons.ts';
import { PAGES } from '../../../app/pages.ts';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SETTINGS_TYPES } from '../settingsTypes.ts';

type TEntry = { to: string; title: string; text: string | undefined; icon: Icon };

function EntryCard({ entry }: { entry: TEntry }) {
  const Icon = entry.icon;
  return (
    <Card component={Link} to={entry.to} withBorder radius="md" padding="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>{entry.title}</Text>
          {entry.text && (
            <Text size="sm" c="dimmed">
              {entry.text}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** /config: a card for every configuration screen this user may open (screens that exist only). */
export default function ConfigHubPage() {
  const { t, i18n } = useTranslation();
  const boot = useBootstrap();
  const { user } = useSession();
  if (!boot.data) return null;
  const { features, views } = boot.data;
  const allowed = (name: string) => {
    const route = ROUTES.find((r) => r.name === name);
    return route !== undefined && evaluateAccess(route, user, features, views) === 'allow';
  };
  const hint = (key: string) => (i18n.exists(key) ? t(key) : undefined);

  const screens: TEntry[] = ROUTES.filter(
    (r) => r.section === 'config' && r.visible && r.name !== 'config' && PAGES[r.name] && allowed(r.name),
  ).map((r) => ({
    to: r.path,
    title: t(`routes.${r.name}`),
    text: hint(`config.hub.${r.name}`),
    icon: routeIcon(r.icon),
  }));
  const settings: TEntry[] = allowed('configSettings')
    ? Object.entries(SETTINGS_TYPES).map(([type, entry]) => ({
        to: `/config/settings/${type}`,
        title: t(`config.types.${type}`),
        text: t(`config.types.${type}Intro`),
        icon: entry.icon,
      }))
    : [];

  const grid = (entries: TEntry[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {entries.map((entry) => (
        <EntryCard key={entry.to} entry={entry} />
      ))}
    </SimpleGrid>
  );
  return (
    <Stack gap="xl" maw={1200}>
      <PageHeader title={t('routes.config')} intro={t('config.hub.intro')} />
      {screens.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="config-screens">
          <Title order={2} size="h4" id="config-screens">
            {t('config.hub.screens')}
          </Title>
          {grid(screens)}
        </Stack>
      )}
      {settings.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="config-settings">
          <Title order={2} size="h4" id="config-settings">
            {t('config.hub.settings')}
          </Title>
          {grid(settings)}
        </Stack>
      )}
    </Stack>
  );
}
