import type { TOnlineCreated } from '@atoll/domain/online/api';
import type { TCheckoutAnswer } from '@atoll/domain/payments/api';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineCheckout } from '../api.ts';
import { PriceLines } from './DetailsStep.tsx';
import { TransferDetails } from './TransferDetails.tsx';

/** Pays the held booking: Stripe redirects, a bank transfer shows what to transfer where. */
export function CheckoutStep({ created }: { created: TOnlineCreated }) {
  const { t, i18n } = useTranslation();
  const checkout = useOnlineCheckout();
  const [bank, setBank] = useState<TCheckoutAnswer | null>(null);
  const lang = i18n.language === 'de' ? 'de' : 'en';
  const until = created.holdUntil
    ? new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(
        new Date(created.holdUntil),
      )
    : null;
  const pay = (providerId: number) => {
    if (!created.token) return;
    checkout.mutate(
      { bookingId: created.bookingId, providerId, token: created.token, language: lang },
      {
        onSuccess: (answer) => {
          if (answer.url) window.location.assign(answer.url);
          else setBank(answer);
        },
      },
    );
  };
  // Without a card provider the answer carries the transfer details: shown at once, nothing to choose.
  const transfer = created.bankTransfer;
  const canPay = created.providers.length > 0;
  return (
    <Stack gap="sm">
      <Alert color="teal" role="status" data-testid="held">
        {created.bookingNo && (
          <Text fw={700} data-testid="booking-number">
            {t('online.bookingNumber', { number: created.bookingNo })}
          </Text>
        )}
        {transfer
          ? t('online.nextTransfer')
          : !canPay
            ? t('online.nextContact')
            : until
              ? t('online.heldUntil', { time: until })
              : t('online.held')}
      </Alert>
      <Text size="sm">{t(created.mailed ? 'online.nextMail' : 'online.keepNumber')}</Text>
      {transfer && <TransferDetails details={transfer} lang={lang} testId="bank-transfer" />}
      <Card withBorder padding="sm">
        <PriceLines price={created} lang={lang} />
      </Card>
      {transfer ? null : bank?.instructions ? (
        <TransferDetails
          details={{ ...bank.instructions, amount: bank.amount, currency: bank.currency, qrCode: null }}
          lang={lang}
          testId="bank-instructions"
        />
      ) : !canPay ? null : (
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('online.payWith')}
          </Title>
          {created.providers.map((p) => (
            <Button
              color="blue.8"
              key={p.id}
              size="md"
              variant={p.type === 'stripe' ? 'filled' : 'outline'}
              loading={checkout.isPending && checkout.variables?.providerId === p.id}
              onClick={() => pay(p.id)}
              data-testid={`pay-${p.type}`}
              data-provider-id={p.id}
            >
              {p.type === 'stripe' ? t('online.payCard') : t('online.payBank')}
            </Button>
          ))}
          {checkout.isError && (
            <Alert color="red" role="alert">
              {t('online.errors.CHECKOUT')}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
