import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError, showSuccess } from '../../../app/messages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useRequestReset } from '../api.ts';
import { errorText } from '../errorText.ts';
import { useFieldErrors } from '../useFieldErrors.ts';
import { compact, emailError } from '../validation.ts';
import { ResultPanel } from './ResultPanel.tsx';

type TProps = { club: boolean; initialEmail: string; loginPath: string };

/** Password screen, request mode: e-mail and a send action (spec platform §2). */
export function ResetRequestForm({ club, initialEmail, loginPath }: TProps) {
  const { t } = useTranslation();
  const request = useRequestReset();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFieldErrors<'email'>(() => compact({ email: emailError(email, t) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const address = email.trim();
    request.mutate(
      { email: address, isCRMUser: club },
      {
        onSuccess: () => {
          showSuccess(t('auth.passwordReset.requested'));
          setSentTo(address);
        },
        onError: (error) => showError(`${t('auth.passwordReset.requestFailed')} ${errorText(error, t)}`),
      },
    );
  };

  if (sentTo !== null) {
    return (
      <ResultPanel
        focus
        color="blue"
        icon={<IconMailOpened size={30} />}
        title={t('auth.passwordReset.sentTitle')}
        actions={
          <>
            {!club && (
              <Button component={Link} to={`?save=1&email=${encodeURIComponent(sentTo)}`} variant="light">
                {t('auth.passwordReset.haveCode')}
              </Button>
            )}
            <Button component={Link} to={`${loginPath}?email=${encodeURIComponent(sentTo)}`}>
              {t('auth.passwordReset.backToLogin')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
              {t('auth.passwordReset.sendAgain')}
            </Anchor>
          </>
        }
      >
        {t('auth.passwordReset.sentText', { email: sentTo })}
      </ResultPanel>
    );
  }

  return (
    <form noValidate onSubmit={submit} ref={form.formRef}>
      <Stack gap="md">
        <PageHeader
          title={t('auth.passwordReset.requestTitle')}
          intro={t('auth.passwordReset.requestIntro')}
        />
        <TextInput
          label={t('resources.users.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          error={form.errors.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          {t('auth.passwordReset.send')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={loginPath} size="sm">
            {t('auth.passwordReset.backToLogin')}
          </Anchor>
          {!club && (
            <Anchor
              component={Link}
              to={`?save=1${email ? `&email=${encodeURIComponent(email.trim())}` : ''}`}
              size="sm"
            >
              {t('auth.passwordReset.haveCode')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
