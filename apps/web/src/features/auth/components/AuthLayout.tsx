import { LOGIN_PATH } from '@atoll/domain/navigation/guard';
import { Anchor, Box, Center, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconRipple } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../app/bootstrap.ts';
import { useSession } from '../../../app/session.ts';
import { ColorSchemeToggle } from '../../../components/ColorSchemeToggle.tsx';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import classes from './AuthLayout.module.css';
import readable from './Readable.module.css';

/**
 * The frame of the pages outside the menu: login, password, registration, confirmation, jump-in. Without the
 * router (plain links): the login also shows in the light public entry.
 */
type TProps = {
  children: ReactNode;
  /** Where the brand link leads; by default home when logged in, else the login. */
  home?: string;
  /** Wider card for longer forms (registration). */
  wide?: boolean;
};

export function AuthLayout({ children, home, wide = false }: TProps) {
  const { t } = useTranslation();
  const company = useBootstrap().data?.company;
  const { token } = useSession();
  // A guest following the brand link to / would only be sent to login with a warning.
  const brandTarget = home ?? (token ? '/' : LOGIN_PATH);
  return (
    <div className={`${classes.root} ${readable.readable}`}>
      <Group component="header" justify="space-between" wrap="nowrap" px="md" py="sm">
        <Anchor href={brandTarget} underline="never" c="inherit">
          <Group gap={8} wrap="nowrap">
            <IconRipple size={28} stroke={1.8} className={classes.brandMark} aria-hidden />
            <Stack gap={0}>
              <Text fw={800} size="lg" lh={1.1}>
                Atoll
              </Text>
              {company && (
                <Text size="xs" c="dimmed" lh={1.2} lineClamp={1}>
                  {company}
                </Text>
              )}
            </Stack>
            {/* The link's name starts with what it shows (WCAG 2.5.3), then says where it leads. */}
            <VisuallyHidden>{t('auth.layout.home')}</VisuallyHidden>
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <ColorSchemeToggle />
        </Group>
      </Group>
      <Center component="main" flex={1} px="sm" pt="md" pb={48}>
        <Paper
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'lg', xs: 'xl' }}
          className={classes.card}
          maw={wide ? 540 : 440}
        >
          {children}
        </Paper>
      </Center>
      <Box component="footer" pb="md" px="md">
        <Text size="xs" c="dimmed" ta="center">
          {t('auth.layout.footer')}
        </Text>
      </Box>
    </div>
  );
}
