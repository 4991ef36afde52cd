import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { useKeepCredit, useUseCredit } from '../api.ts';

const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

/**
 * Credits on a booking (docs/domain/payments.md): `use` pays from the customer's or agency's credit; `keep`
 * turns the overpaid surplus into their credit.
 */
export function CreditModal({
  bookingId,
  mode,
  hasAgency,
  surplus,
  version,
  onClose,
}: {
  bookingId: number;
  mode: 'use' | 'keep';
  hasAgency: boolean;
  /** The overpaid amount, formatted. */
  surplus: string;
  version: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const use = useUseCredit(bookingId);
  const keep = useKeepCredit(bookingId);
  const [owner, setOwner] = useState<'customer' | 'agency'>(hasAgency ? 'agency' : 'customer');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const pending = use.isPending || keep.isPending;
  const failure = use.error ?? keep.error;

  const submit = () => {
    const done = () => {
      showSuccess(t(mode === 'use' ? 'payments.credit.used' : 'payments.credit.kept'));
      onClose();
    };
    if (mode === 'keep') {
      keep.mutate({ to: owner, version }, { onSuccess: done });
      return;
    }
    const value = amount.trim().replace(',', '.');
    if (!AMOUNT.test(value) || Number(value) === 0) {
      setAmountError(t('payments.add.amountError'));
      return;
    }
    setAmountError(null);
    use.mutate({ amount: value, from: owner, version }, { onSuccess: done });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(mode === 'use' ? 'payments.credit.useTitle' : 'payments.credit.keepTitle')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {mode === 'keep' && <Text size="sm">{t('payments.credit.keepText', { amount: surplus })}</Text>}
          {hasAgency && (
            <SegmentedControl
              aria-label={t('payments.credit.owner')}
              value={owner}
              onChange={(v) => setOwner(v as 'customer' | 'agency')}
              data={[
                { value: 'customer', label: t('payments.credit.customer') },
                { value: 'agency', label: t('payments.credit.agency') },
              ]}
            />
          )}
          {mode === 'use' && (
            <TextInput
              label={t('payments.fields.amount')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={amountError}
              inputMode="decimal"
              required
              data-autofocus
            />
          )}
          {failure && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
              {failure instanceof ApiError ? apiErrorText(failure) : failure.message}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t(mode === 'use' ? 'payments.credit.useSubmit' : 'payments.credit.keepSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
