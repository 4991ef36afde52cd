import { MONEY_PATTERN, type TCreateCreditEntry } from '@atoll/domain/customer-data';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { type TOwner, useAddCreditEntry } from '../api.ts';

type TDirection = 'in' | 'out';

/** A new ledger entry: credit received or used, an amount, the currency and a note. */
export function AddEntryForm({ owner, currency }: { owner: TOwner; currency: string }) {
  const { t } = useTranslation();
  const add = useAddCreditEntry();
  const [direction, setDirection] = useState<TDirection>('in');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState<string | null>(currency);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<{ amount?: string; currency?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // German writes a decimal comma.
    const value = amount.trim().replace(',', '.');
    const errors = {
      ...(MONEY_PATTERN.test(value) && !value.startsWith('-') && /[1-9]/.test(value)
        ? {}
        : { amount: t('credits.add.amountHint') }),
      ...(code ? {} : { currency: t('form.invalid.required') }),
    };
    setInvalid(errors);
    if (Object.keys(errors).length > 0 || !code) return;
    const body: TCreateCreditEntry = {
      ...(owner.kind === 'customer' ? { customerId: owner.id } : { agencyId: owner.id }),
      currency: code,
      amount: direction === 'out' ? `-${value}` : value,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    add.mutate(body, {
      onSuccess: () => {
        showSuccess(t('credits.add.saved'));
        setAmount('');
        setNote('');
      },
    });
  };
  const error = add.error instanceof ApiError ? add.error : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('credits.add.title')}
        </Title>
        <SegmentedControl
          aria-label={t('credits.add.direction')}
          value={direction}
          onChange={(v) => setDirection(v as TDirection)}
          data={[
            { value: 'in', label: t('credits.add.in') },
            { value: 'out', label: t('credits.add.out') },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('credits.add.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={invalid.amount}
            required
          />
          <CurrencySelect
            label={t('credits.add.currency')}
            value={code}
            onChange={setCode}
            error={invalid.currency}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t('credits.add.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={1000}
        />
        {error && (
          <Alert color="red" role="alert">
            {apiErrorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            {t('credits.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
