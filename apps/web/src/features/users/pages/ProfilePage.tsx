import { Alert, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useSession } from '../../../app/session.ts';
import { useOwnUser } from '../../auth/api.ts';
import { OwnPasswordCard } from '../../auth/components/OwnPasswordCard.tsx';
import { ProfileSettingsCard } from '../../auth/components/ProfileSettingsCard.tsx';
import readable from '../../auth/components/Readable.module.css';

/** /users/profile: the logged-in user's own data, settings and password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const self = useOwnUser(user?.id ?? 0);

  return (
    <Stack gap="lg" maw={1100} className={readable.readable}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('routes.userProfile')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('users.profile.intro')}
        </Text>
      </Stack>
      {self.isPending && <Skeleton h={420} radius="md" />}
      {self.isError && (
        <Alert color="red" variant="light">
          {self.error instanceof ApiError ? apiErrorText(self.error) : t('errors.UNKNOWN')}
        </Alert>
      )}
      {self.data && (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProfileSettingsCard key={self.data.id} user={self.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <OwnPasswordCard email={self.data.email} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
