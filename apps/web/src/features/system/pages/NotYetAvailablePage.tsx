import { findRoute } from '@atoll/domain/navigation/routes';
import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** A route of the table whose screen is not built yet: guarded like the real one, and honest about it. */
export default function NotYetAvailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  return (
    <Stack maw={640}>
      <Title order={2}>{route ? t(`routes.${route.name}`) : pathname}</Title>
      <Alert icon={<IconTools />} color="blue" title={t('notYet.title')}>
        {t('notYet.text')}
      </Alert>
    </Stack>
  );
}
