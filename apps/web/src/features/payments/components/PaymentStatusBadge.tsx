import type { TPaymentStatus } from '@atoll/domain/payments';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The tint tells the state; the text stays dark, as light yellow or green text on a tint fails 4.5:1.
const COLOR: Record<TPaymentStatus, string> = {
  nothing_to_pay: 'gray',
  not_paid: 'red',
  partial: 'yellow',
  paid: 'green',
  overpayment: 'blue',
};

/** A booking's payment status (docs/domain/payments.md) in words and colour. */
export function PaymentStatusBadge({ status }: { status: TPaymentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" c="var(--mantine-color-text)" data-testid="payment-status">
      {t(`payments.status.${status}`)}
    </Badge>
  );
}
