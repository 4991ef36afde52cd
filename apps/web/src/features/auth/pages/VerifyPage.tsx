import { loginPathFor } from '@atoll/domain/navigation/guard';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { useSession } from '../../../app/session.ts';
import { isVerifiable, useVerifyEmail } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { errorText } from '../errorText.ts';

/** /user/:id/verify and /club/user/:id/verify: confirms the e-mail address with the mailed token. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { token: sessionToken } = useSession();
  const token = params.get('token')?.trim() ?? '';
  const verify = useVerifyEmail(id, token);
  const loginPath = loginPathFor(pathname);
  // Without a token or with a malformed id the query never runs: that link cannot be right.
  const invalidLink = !isVerifiable(id, token);
  const failure = invalidLink ? new ApiError(400, 'INVALID_TOKEN', 'INVALID_TOKEN') : verify.error;
  const next = sessionToken ? (
    <Button component={Link} to="/">
      {t('auth.verify.toHome')}
    </Button>
  ) : (
    <Button component={Link} to={loginPath}>
      {t('auth.verify.toLogin')}
    </Button>
  );

  return (
    <AuthLayout home={loginPath}>
      {verify.isSuccess && (
        <ResultPanel
          focus
          color="teal"
          icon={<IconCircleCheck size={30} />}
          title={t('auth.verify.successTitle')}
          actions={next}
        >
          {t('auth.verify.successText')}
        </ResultPanel>
      )}
      {failure && (
        <ResultPanel
          focus
          color="red"
          icon={<IconLinkOff size={30} />}
          title={t('auth.verify.failedTitle')}
          actions={next}
        >
          {errorText(failure, t)} {t('auth.verify.failedHint')}
        </ResultPanel>
      )}
      {verify.isLoading && (
        <Stack align="center" gap="sm" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.verify.checking')}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
