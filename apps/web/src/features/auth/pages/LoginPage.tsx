import { isClubPath, RETURN_TO_PARAM } from '@atoll/domain/navigation/guard';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bootstrapNow, useBootstrap } from '../../../app/bootstrap.ts';
import { session } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useLogin } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { deviceId } from '../device.ts';
import { errorCode, errorText } from '../errorText.ts';
import { afterLoginPath, isNonGuest, landingPath } from '../landing.ts';
import { useFieldErrors } from '../useFieldErrors.ts';
import { useGuestOnlyRedirect } from '../useGuestOnly.ts';
import { compact, emailError, requiredError } from '../validation.ts';

/**
 * /login and /club/login. Opened directly, they come from the light public entry (src/public/login.ts: no router,
 * no back-office bundle, for a phone); in the back office (after a logout) the same page shows. Either way the
 * user goes on with a full page load into the back office.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useState(() => new URLSearchParams(location.search));
  const boot = useBootstrap();
  const client = useQueryClient();
  const login = useLogin();
  const club = isClubPath(location.pathname);
  // A logged-in user on a login page is simply sent on (spec platform §4); the back office's guard does it there.
  // Not the user who just logged in here: they go where the login sends them.
  const loggedIn = useGuestOnlyRedirect();
  const leaving = useRef(false);
  useEffect(() => {
    if (loggedIn && !leaving.current) location.replace(loggedIn);
  }, [loggedIn]);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const form = useFieldErrors<'email' | 'password'>(() =>
    compact({ email: emailError(email, t), password: requiredError(password, t) }),
  );
  const resetPath = club ? '/club/password/reset' : '/password/reset';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec platform §4: a login while a non-guest is logged in is ignored; that user just goes home.
    const current = session.get().user;
    if (session.token() && isNonGuest(current)) {
      location.replace(landingPath(current, boot.data));
      return;
    }
    if (!form.validate()) return;
    login.mutate(
      { email: email.trim(), password, ts: deviceId(), isCRMUser: club },
      {
        onSuccess: async (answer) => {
          leaving.current = true;
          // Where a member lands depends on the installation's switches: a login quicker than the page's first
          // bootstrap waits for it (without, it guessed the club's dashboard, "not found" where the club is off).
          const installation = await bootstrapNow(client);
          session.accept(answer);
          location.replace(afterLoginPath(params.get(RETURN_TO_PARAM), answer.user, installation));
        },
      },
    );
  };

  return (
    <AuthLayout>
      <form noValidate onSubmit={submit} ref={form.formRef}>
        <Stack gap="md">
          <PageHeader
            title={club ? t('auth.login.clubTitle') : t('auth.login.title')}
            intro={club ? t('auth.login.clubIntro') : t('auth.login.intro')}
          />
          {login.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {errorText(login.error, t)}
              {errorCode(login.error) === 'ACCOUNT_NOT_VERIFIED' && (
                <>
                  {' '}
                  <Anchor href={`${resetPath}?email=${encodeURIComponent(email.trim())}`} size="sm">
                    {t('auth.login.newLink')}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <TextInput
            label={t('auth.login.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            required
            value={email}
            error={form.errors.email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('auth.login.password')}
              autoComplete="current-password"
              required
              value={password}
              error={form.errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Anchor href={resetPath} size="sm">
                {t('auth.login.forgot')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {club ? t('auth.login.noAccount') : t('auth.login.newAgency')}{' '}
            <Anchor href={club ? '/register/customer' : '/register/agency'} fw={600}>
              {t('auth.login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
