import { PAYMENT_METHODS } from '@atoll/domain/payments';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { fieldErrorsOf } from '../../../components/fieldErrors.ts';
import { todayIso } from '../../../components/pricing/format.ts';
import { useAddPayment } from '../api.ts';

const FIELDS = ['date', 'amount', 'currency', 'rate', 'method', 'reference'] as const;
/** Methods typed in by the office; `credit` has its own dialog. */
const METHODS = PAYMENT_METHODS.filter((m) => m !== 'credit');
const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

/** Records a payment or (refund) a negative one: date, amount, currency with its rate, method, reference. */
export function AddPaymentModal({
  bookingId,
  currency,
  version,
  refund,
  onClose,
}: {
  bookingId: number;
  currency: string;
  version: number;
  refund: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddPayment(bookingId);
  const [date, setDate] = useState(todayIso());
  const [amount, setAmount] = useState('');
  const [paidIn, setPaidIn] = useState<string | null>(currency);
  const [rate, setRate] = useState('');
  const [method, setMethod] = useState<string>('bank');
  const [reference, setReference] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const foreign = paidIn !== null && paidIn !== currency;
  const errors = { ...fieldErrorsOf(add.error, FIELDS), ...local };

  const submit = () => {
    const value = amount.trim().replace(',', '.');
    if (!AMOUNT.test(value) || Number(value) === 0) {
      setLocal({ amount: t('payments.add.amountError') });
      return;
    }
    setLocal({});
    add.mutate(
      {
        date,
        amount: refund ? `-${value}` : value,
        currency: paidIn ?? currency,
        ...(foreign ? { rate: rate.trim().replace(',', '.') } : {}),
        method: method as (typeof METHODS)[number],
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        version,
      },
      {
        onSuccess: () => {
          showSuccess(t(refund ? 'payments.add.refunded' : 'payments.add.saved'));
          onClose();
        },
      },
    );
  };

  const general = add.error && Object.keys(errors).length === 0 ? add.error : null;
  return (
    <Modal opened onClose={onClose} title={t(refund ? 'payments.add.refundTitle' : 'payments.add.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="date"
            label={t('payments.fields.date')}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            required
          />
          <TextInput
            label={t(refund ? 'payments.add.refundAmount' : 'payments.fields.amount')}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            inputMode="decimal"
            required
            data-autofocus
          />
          <CurrencySelect
            label={t('payments.fields.currency')}
            value={paidIn}
            onChange={setPaidIn}
            error={errors.currency}
          />
          {foreign && (
            <TextInput
              label={t('payments.add.rate', { from: paidIn, to: currency })}
              description={t('payments.add.rateHint', { from: paidIn, to: currency })}
              value={rate}
              onChange={(e) => setRate(e.currentTarget.value)}
              error={errors.rate}
              inputMode="decimal"
              required
            />
          )}
          <Select
            label={t('payments.fields.method')}
            data={METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))}
            value={method}
            onChange={(v) => setMethod(v ?? 'bank')}
            allowDeselect={false}
          />
          <TextInput
            label={t('payments.fields.reference')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          {general && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
              {general instanceof ApiError ? apiErrorText(general) : general.message}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t(refund ? 'payments.add.refundSubmit' : 'payments.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
