import type { TBooking } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import { SELF_PAYABLE_STATES, type TCheckoutAnswer } from '@atoll/domain/payments/api';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../../../components/pricing/format.ts';
import { TransferDetails } from '../../online/components/TransferDetails.tsx';
import { useCheckout, usePayOptions } from '../api.ts';

/**
 * The portals' "pay now" (customers their own bookings, agents their agency's): the open amount and a button per
 * provider; a card provider leads to its checkout, a bank transfer shows what to transfer where.
 */
export function PayOpenAmount({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const open =
    Number(booking.openAmount) > 0 && (SELF_PAYABLE_STATES as readonly string[]).includes(booking.state);
  const options = usePayOptions(booking.id, open);
  const checkout = useCheckout();
  const [transfer, setTransfer] = useState<TCheckoutAnswer | null>(null);
  if (!open || !options.data || options.data.providers.length === 0) return null;
  const pay = (providerId: number) =>
    checkout.mutate(
      { bookingId: booking.id, providerId, language: lang },
      {
        onSuccess: (answer) => {
          if (answer.url) window.location.assign(answer.url);
          else setTransfer(answer);
        },
      },
    );
  return (
    <Stack gap="xs" data-testid="pay-now">
      <Title order={3} size="h5">
        {t('payments.payNow.title', { amount: formatMoney(booking.openAmount, booking.currency, lang) })}
      </Title>
      {transfer?.instructions ? (
        <TransferDetails
          details={{
            ...transfer.instructions,
            amount: transfer.amount,
            currency: transfer.currency,
            qrCode: null,
          }}
          lang={lang}
          testId="pay-now-transfer"
        />
      ) : (
        <>
          <Text size="sm">{t('payments.payNow.text')}</Text>
          <Group gap="xs">
            {options.data.providers.map((p) => (
              <Button
                key={p.id}
                size="sm"
                variant={p.type === 'bank_transfer' ? 'default' : 'filled'}
                loading={checkout.isPending && checkout.variables?.providerId === p.id}
                onClick={() => pay(p.id)}
              >
                {t(p.type === 'bank_transfer' ? 'payments.payNow.transfer' : 'payments.payNow.card', {
                  name: p.name,
                })}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
