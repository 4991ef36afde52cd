import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { useChangeOwnPassword } from '../api.ts';
import { useFormFields } from '../useFieldErrors.ts';
import { compact, passwordTooShortText, repeatError, requiredError } from '../validation.ts';

type TField = 'currentPassword' | 'password' | 'passwordRepeat';
const EMPTY: Record<TField, string> = { currentPassword: '', password: '', passwordRepeat: '' };

/** Own password change (POST /api/users/self/password); WRONG_PASSWORD and PASSWORD_TOO_SHORT go to their field. */
export function OwnPasswordCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const change = useChangeOwnPassword();
  const form = useFormFields<TField>(EMPTY, (values) =>
    compact({
      currentPassword: requiredError(values.currentPassword, t),
      password: requiredError(values.password, t),
      passwordRepeat: repeatError(values.password, values.passwordRepeat, t),
    }),
  );

  const { values, setValues, field } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    change.mutate(
      { currentPassword: values.currentPassword, password: values.password },
      {
        onSuccess: () => {
          showSuccess(t('users.profile.passwordChanged'));
          setValues(EMPTY);
          form.reset();
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return showError(t('errors.UNKNOWN'));
          if (error.code === 'WRONG_PASSWORD')
            form.setServerError('currentPassword', t('errors.WRONG_PASSWORD'));
          else if (error.code === 'PASSWORD_TOO_SHORT')
            form.setServerError('password', passwordTooShortText(error, t));
          else showError(apiErrorText(error));
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-password">
      <form noValidate onSubmit={submit} ref={form.formRef}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="profile-password">
              {t('users.profile.passwordTitle')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('users.profile.passwordIntro')}
            </Text>
          </div>
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t('users.profile.currentPassword')}
            autoComplete="current-password"
            required
            {...field('currentPassword')}
          />
          <PasswordInput
            label={t('users.profile.newPassword')}
            autoComplete="new-password"
            required
            {...field('password')}
          />
          <PasswordInput
            label={t('resources.users.fields.passwordRepeat')}
            autoComplete="new-password"
            required
            {...field('passwordRepeat')}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={change.isPending}>
              {t('users.profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
