import { REGISTER_USER_TYPES } from '@atoll/domain/users';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck, IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import type { TRegister } from '../api.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';
import { RegisterForm } from '../components/RegisterForm.tsx';
import { ResultPanel } from '../components/ResultPanel.tsx';
import { useGuestOnlyRedirect } from '../useGuestOnly.ts';

const isUserType = (value: string | undefined): value is TRegister['userType'] =>
  (REGISTER_USER_TYPES as readonly string[]).includes(value ?? '');

/** /register/:userType (customer or agency), for guests only (spec platform §4). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { userType } = useParams();
  const redirect = useGuestOnlyRedirect();
  const [registered, setRegistered] = useState<string | null>(null);
  if (redirect) return <Navigate to={redirect} replace />;
  // Customers belong to the club area, agents log in on the staff login.
  const loginPath = userType === 'customer' ? '/club/login' : '/login';

  if (!isUserType(userType)) {
    return (
      <AuthLayout>
        <ResultPanel
          color="gray"
          icon={<IconUserQuestion size={30} />}
          title={t('auth.register.unknownTitle')}
          actions={
            <>
              <Button component={Link} to="/register/customer" variant="light">
                {t('auth.register.asCustomer')}
              </Button>
              <Button component={Link} to="/register/agency" variant="light">
                {t('auth.register.asAgency')}
              </Button>
            </>
          }
        >
          {t('auth.register.unknownText')}
        </ResultPanel>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout home={loginPath} wide>
      {registered !== null ? (
        <ResultPanel
          focus
          color="teal"
          icon={<IconMailCheck size={30} />}
          title={t('auth.register.doneTitle')}
          actions={
            <Button component={Link} to={`${loginPath}?email=${encodeURIComponent(registered)}`}>
              {t('auth.register.toLogin')}
            </Button>
          }
        >
          {t('auth.register.doneText', { email: registered })}
        </ResultPanel>
      ) : (
        <Stack gap="lg">
          <PageHeader
            title={userType === 'agency' ? t('auth.register.agencyTitle') : t('auth.register.customerTitle')}
            intro={userType === 'agency' ? t('auth.register.agencyIntro') : t('auth.register.customerIntro')}
          />
          <RegisterForm userType={userType} onRegistered={setRegistered} />
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component={Link} to={loginPath} fw={600}>
              {t('auth.register.login')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
