import { Button, Checkbox, Fieldset, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf } from '../../../components/fieldErrors.ts';
import { useSetUserPassword } from '../api.ts';

/** Sets another user's password (`POST /api/users/{id}/password`). */
export function UserPasswordSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [keepStatus, setKeepStatus] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const setUserPassword = useSetUserPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!password) return setError(t('form.invalid.too_small'));
    setUserPassword.mutate(
      { id: userId, password, keepStatus },
      {
        onSuccess: () => {
          setPassword('');
          showSuccess(t('users.password.saved'));
        },
        onError: (err) => setError(fieldErrorsOf(err, ['password']).password),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Fieldset
        legend={t('users.password.title')}
        styles={{ legend: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('users.password.new')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Checkbox
            label={t('users.password.keepStatus')}
            description={t('users.password.keepStatusHint')}
            checked={keepStatus}
            onChange={(e) => setKeepStatus(e.currentTarget.checked)}
          />
          <div>
            <Button type="submit" variant="light" loading={setUserPassword.isPending}>
              {t('users.password.submit')}
            </Button>
          </div>
        </Stack>
      </Fieldset>
    </form>
  );
}
