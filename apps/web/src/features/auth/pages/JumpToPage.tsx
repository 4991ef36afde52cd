import { safeJumpTarget } from '@atoll/domain/navigation/guard';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session.ts';
import { useJumpLogin } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { errorText } from '../errorText.ts';

/**
 * /jumpto/:token: logs in with a one-time token from a connected system, then opens the target.
 * Only an internal path with a single leading slash is followed (safeJumpTarget), never another site.
 */
export default function JumpToPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const jump = useJumpLogin(token);
  const { token: sessionToken } = useSession();
  const queryTarget = params.get('target');
  const answerTarget = jump.data?.target;

  useEffect(() => {
    if (!jump.isSuccess) return;
    void navigate(safeJumpTarget(queryTarget ?? answerTarget), { replace: true });
  }, [jump.isSuccess, queryTarget, answerTarget, navigate]);

  return (
    <AuthLayout>
      {jump.isError ? (
        <ResultPanel
          focus
          color="red"
          icon={<IconLinkOff size={30} />}
          title={t('auth.jumpTo.failedTitle')}
          actions={
            sessionToken ? (
              <Button component={Link} to="/">
                {t('auth.jumpTo.toHome')}
              </Button>
            ) : (
              <Button component={Link} to="/login">
                {t('auth.jumpTo.toLogin')}
              </Button>
            )
          }
        >
          {errorText(jump.error, t)}
        </ResultPanel>
      ) : (
        <Stack align="center" gap="sm" py="xl" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.jumpTo.signingIn')}</Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
