import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Stack>
      <Title order={2}>{t('home.greeting', { name: user?.name || user?.email || '' })}</Title>
    </Stack>
  );
}
