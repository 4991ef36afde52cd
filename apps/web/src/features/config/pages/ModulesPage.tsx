import { FEATURES, type TFeature } from '@atoll/domain/constants';
import { Alert, Card, Grid, Skeleton, Stack, Switch, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSaveSettingsGroup, useSettingsGroup } from '../api.ts';
import { ModuleAccountsCard } from '../components/ModuleAccountsCard.tsx';

/**
 * /config/modules: the feature switches of spec platform §1. Once accounts are named, only they may
 * switch (docs/adr/0006); everyone else sees the switches disabled, and the server refuses anyway.
 */
export default function ModulesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const features = useSettingsGroup('features');
  const system = useSettingsGroup('system');
  const save = useSaveSettingsGroup('features');
  const accounts = system.data?.moduleAccounts ?? [];
  const canChange = accounts.length === 0 || accounts.includes(user?.email.toLowerCase() ?? '');
  const failed = features.error ?? system.error;

  const toggle = (feature: TFeature, on: boolean) =>
    save.mutate(
      { [feature]: on },
      {
        onSuccess: () =>
          showSuccess(
            t(on ? 'config.modules.switchedOn' : 'config.modules.switchedOff', {
              module: t(`features.${feature}`),
            }),
          ),
      },
    );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('routes.configModules')} intro={t('config.modules.intro')} />
      {failed && (
        <Alert color="red">{failed instanceof ApiError ? apiErrorText(failed) : t('datatable.error')}</Alert>
      )}
      {system.data && !canChange && (
        <Alert color="yellow" icon={<IconLock size={18} aria-hidden />}>
          {t('config.modules.restricted', { accounts: accounts.join(', ') })}
        </Alert>
      )}
      {(features.isPending || system.isPending) && <Skeleton h={400} radius="md" />}
      {features.data && system.data && (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="module-switches">
              <Title order={2} size="h4" id="module-switches" mb="md">
                {t('config.modules.switchesTitle')}
              </Title>
              <Stack gap="sm">
                {FEATURES.map((feature) => (
                  <Switch
                    key={feature}
                    label={t(`features.${feature}`)}
                    checked={features.data[feature]}
                    disabled={!canChange || save.isPending}
                    onChange={(e) => toggle(feature, e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ModuleAccountsCard key={accounts.join()} accounts={accounts} canChange={canChange} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
