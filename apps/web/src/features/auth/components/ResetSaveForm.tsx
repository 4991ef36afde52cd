import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { useBootstrap } from '../../../app/bootstrap.ts';
import { showError, showSuccess } from '../../../app/messages.ts';
import { session } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSaveReset } from '../api.ts';
import { errorText } from '../errorText.ts';
import { isNonGuest, landingPath } from '../landing.ts';
import { useFieldErrors } from '../useFieldErrors.ts';
import { compact, emailError, passwordTooShortText, repeatError, resetPasswordError } from '../validation.ts';

type TProps = {
  club: boolean;
  /** The token of the mailed link; the club variant has no field for it. */
  linkToken: string;
  initialEmail: string;
  loginPath: string;
  requestPath: string;
};
type TField = 'token' | 'email' | 'password' | 'passwordRepeat';

/** Password screen, save mode: token, e-mail, password and repeat (spec platform §2, §5). */
export function ResetSaveForm({ club, linkToken, initialEmail, loginPath, requestPath }: TProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveReset();
  const boot = useBootstrap();
  const [token, setToken] = useState(linkToken);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const form = useFieldErrors<TField>(() =>
    compact({
      token: token.trim() === '' ? t('validation.tokenRequired') : undefined,
      email: emailError(email, t),
      password: resetPasswordError(password, t),
      passwordRepeat: repeatError(password, passwordRepeat, t),
    }),
  );

  // After the save every session of the account has ended, so the user logs in with the new
  // password; the spec's "non-guest goes home" applies only if a session is (still) open.
  const done = (address: string) => {
    const user = session.get().user;
    if (session.token() && isNonGuest(user)) {
      void navigate(landingPath(user, boot.data), { replace: true });
      return;
    }
    void navigate(`${loginPath}?email=${encodeURIComponent(address)}`, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const address = email.trim();
    save.mutate(
      { email: address, password, passwordRepeat, token: token.trim(), isCRMUser: club },
      {
        onSuccess: () => {
          showSuccess(t('auth.passwordReset.saved'));
          done(address);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PASSWORD_TOO_SHORT')
            form.setServerError('password', passwordTooShortText(error, t));
          else showError(`${t('auth.passwordReset.requestFailed')} ${errorText(error, t)}`);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} ref={form.formRef}>
      <Stack gap="md">
        <PageHeader
          title={t('auth.passwordReset.saveTitle')}
          intro={club ? t('auth.passwordReset.clubSaveIntro') : t('auth.passwordReset.saveIntro')}
        />
        {!club && (
          <TextInput
            label={t('auth.passwordReset.token')}
            description={t('auth.passwordReset.tokenHint')}
            required
            autoComplete="one-time-code"
            spellCheck={false}
            value={token}
            error={form.errors.token}
            onChange={(e) => setToken(e.currentTarget.value)}
          />
        )}
        <TextInput
          label={t('resources.users.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          value={email}
          error={form.errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('auth.passwordReset.newPassword')}
          autoComplete="new-password"
          required
          value={password}
          error={form.errors.password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            form.clearServerError('password');
          }}
        />
        <PasswordInput
          label={t('resources.users.fields.passwordRepeat')}
          autoComplete="new-password"
          required
          value={passwordRepeat}
          error={form.errors.passwordRepeat}
          onChange={(e) => setPasswordRepeat(e.currentTarget.value)}
        />
        <Button type="submit" size="md" fullWidth loading={save.isPending}>
          {t('auth.passwordReset.save')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={loginPath} size="sm">
            {t('auth.passwordReset.backToLogin')}
          </Anchor>
          <Anchor component={Link} to={requestPath} size="sm">
            {t('auth.passwordReset.newLink')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
