import { MAX_MODULE_ACCOUNTS } from '@atoll/domain/settings';
import { Button, Card, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf } from '../../../components/fieldErrors.ts';
import { useSaveSettingsGroup } from '../api.ts';

/** The (at most two) accounts that alone may switch modules once named (docs/adr/0006). */
export function ModuleAccountsCard({ accounts, canChange }: { accounts: string[]; canChange: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSettingsGroup('system');
  const [value, setValue] = useState(accounts);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { moduleAccounts: value.map((v) => v.trim().toLowerCase()) },
      {
        onSuccess: () => showSuccess(t('common.saved')),
        onError: (e) => setError(Object.values(fieldErrorsOf(e, ['moduleAccounts']))[0]),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="module-accounts">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="module-accounts">
            {t('config.modules.accountsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('config.modules.accountsText', { max: MAX_MODULE_ACCOUNTS })}
          </Text>
          <TagsInput
            label={t('config.modules.accounts')}
            description={t('config.modules.accountsHint')}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            maxTags={MAX_MODULE_ACCOUNTS}
            disabled={!canChange}
            error={error}
            splitChars={[',', ' ', ';']}
          />
          {canChange && (
            <Group justify="flex-end">
              <Button type="submit" variant="default" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
