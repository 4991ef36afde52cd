import { formatMoney } from '@atoll/domain/money';
import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { langOf } from '../../../components/pricing/format.ts';
import { usePaymentResult } from '../api.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';

/**
 * /payment/success and /payment/aborted (public): where the guest lands after the provider's checkout.
 * Shows the booking number and its payment state, read with the link's signed token or the Stripe session.
 */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = pathname.endsWith('/aborted') ? 'aborted' : 'success';
  const booking = params.get('booking');
  const bookingId = booking && /^\d{1,9}$/.test(booking) ? Number(booking) : null;
  const token = params.get('token') ?? undefined;
  const session = params.get('session_id') ?? undefined;
  const sessionId = session && !session.startsWith('{') ? session : undefined;
  const result = usePaymentResult(kind, bookingId, {
    ...(token ? { token } : {}),
    ...(sessionId ? { sessionId } : {}),
  });
  const data = result.data;
  const Icon = kind === 'success' ? IconCircleCheck : IconCircleX;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="md" maw={520} w="100%">
        <Stack gap="md">
          <LanguageSwitch />
          <Stack gap="xs" align="center">
            <Icon
              size={48}
              color={kind === 'success' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-orange-7)'}
              aria-hidden
            />
            <Title order={1} size="h2" ta="center">
              {t(`payments.result.${kind}.title`)}
            </Title>
          </Stack>
          {bookingId === null || (!token && !sessionId) || result.isError ? (
            <Alert color="red" role="alert">
              {t('payments.result.unknown')}
            </Alert>
          ) : !data ? (
            <Center>
              <Loader aria-label={t('app.loading')} />
            </Center>
          ) : (
            <Stack gap="xs">
              <Text ta="center" data-testid="result-booking">
                {t('payments.result.booking', { number: data.bookingNo ?? '' })}
              </Text>
              <Center>
                <PaymentStatusBadge status={data.status} />
              </Center>
              <Text ta="center" size="sm">
                {t('payments.result.amounts', {
                  paid: formatMoney(data.paid, data.currency, lang),
                  open: formatMoney(data.open, data.currency, lang),
                })}
              </Text>
              <Text ta="center" size="sm" c="dimmed">
                {kind === 'aborted'
                  ? t('payments.result.aborted.text')
                  : data.received
                    ? t('payments.result.success.received')
                    : t('payments.result.success.pending')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
