import { safeJumpTarget } from '@atoll/domain/navigation/guard';
import { Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../app/api.ts';
import { session, type TLoginAnswer } from '../../../app/session.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const club = pathname.startsWith('/club/');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api<TLoginAnswer>('/auth/token', {
        method: 'POST',
        body: { email, password, isCRMUser: club },
      });
      session.accept(answer);
      await navigate(safeJumpTarget(params.get('returnTo') ?? (club ? '/club/dashboard' : '/')), {
        replace: true,
      });
    } catch {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} component="form" onSubmit={submit}>
        <Stack>
          <Title order={1} size="h2">
            {t(club ? 'login.clubTitle' : 'login.title')}
          </Title>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to={club ? '/club/password/reset' : '/password/reset'} size="sm">
            {t('login.forgot')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
