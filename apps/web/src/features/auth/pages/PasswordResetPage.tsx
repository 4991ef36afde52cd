import { isClubPath, loginPathFor } from '@atoll/domain/navigation/guard';
import { Alert, Button, Stack } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { ResetRequestForm } from '../components/ResetRequestForm.tsx';
import { ResetSaveForm } from '../components/ResetSaveForm.tsx';
import { useGuestOnlyRedirect } from '../useGuestOnly.ts';

// `?save=1`, `?save=true` or a bare `?save` switch to save mode; `0` and `false` do not.
const isFlagSet = (value: string | null) => value !== null && value !== '0' && value !== 'false';

/**
 * /password/reset and /club/password/reset (spec platform §2 "Password screen"): request mode, or
 * save mode when the link carries a token (?token=…&email=…) or the save flag is set.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const redirect = useGuestOnlyRedirect();
  const club = isClubPath(pathname);
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email') ?? '';
  const saveMode = token !== '' || isFlagSet(params.get('save'));
  const loginPath = loginPathFor(pathname);
  const requestPath = club ? '/club/password/reset' : '/password/reset';

  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <AuthLayout home={loginPath}>
      {!saveMode && <ResetRequestForm club={club} initialEmail={email} loginPath={loginPath} />}
      {saveMode && club && token === '' && (
        // The club variant has no token field: without the mailed link there is nothing to save with.
        <Stack gap="md">
          <PageHeader title={t('auth.passwordReset.saveTitle')} />
          <Alert color="yellow" variant="light" icon={<IconLink aria-hidden />}>
            {t('auth.passwordReset.linkNeeded')}
          </Alert>
          <Button component={Link} to={requestPath} fullWidth>
            {t('auth.passwordReset.newLink')}
          </Button>
        </Stack>
      )}
      {saveMode && (!club || token !== '') && (
        <ResetSaveForm
          club={club}
          linkToken={token}
          initialEmail={email}
          loginPath={loginPath}
          requestPath={requestPath}
        />
      )}
    </AuthLayout>
  );
}
