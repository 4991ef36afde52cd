import type { TAssignBody, TBankEntry, TSuggestion } from '@atoll/domain/banks';
import { D, formatMoney } from '@atoll/domain/money';
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { showSuccess } from '../../../app/messages.ts';
import { useAssign, useBookingSearch } from '../api.ts';
import { PayerPicker } from './PayerPicker.tsx';

type TTarget = 'booking' | 'customer' | 'agency';
const TARGETS: readonly TTarget[] = ['booking', 'customer', 'agency'];

type TChoice = { bookingId: number; number: string; currency: string; open: string };

const fromSuggestion = (s: TSuggestion): TChoice => ({
  bookingId: s.bookingId,
  number: s.number,
  currency: s.currency,
  open: s.openAmount,
});

/** Assigns (part of) an entry to a booking: a suggestion or one found by number, and the amount. */
export function AssignModal({ entry, onClose }: { entry: TBankEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const first = entry.suggestions[0];
  const [target, setTarget] = useState<TTarget>('booking');
  const [payerId, setPayerId] = useState<number | null>(null);
  const [choice, setChoice] = useState<TChoice | null>(first ? fromSuggestion(first) : null);
  const [amount, setAmount] = useState(entry.open);
  const [rate, setRate] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useBookingSearch(debounced);
  const assign = useAssign();
  const isValidAmount = /^\d{1,12}(\.\d{1,2})?$/.test(amount.trim()) && new D(amount.trim()).gt(0);
  const otherCurrency = target === 'booking' && choice !== null && choice.currency !== entry.currency;
  const hasTarget = target === 'booking' ? choice !== null : payerId !== null;

  const choices: TChoice[] = [
    ...entry.suggestions.map(fromSuggestion),
    ...(found.data ?? [])
      .filter((b) => !entry.suggestions.some((s) => s.bookingId === b.id))
      .map((b) => ({
        bookingId: b.id,
        number: b.bookingNo ?? b.reservationNo ?? b.offerNo ?? `#${b.id}`,
        currency: b.currency,
        open: b.openAmount,
      })),
  ];
  const bodyOf = (): TAssignBody | null => {
    const value = amount.trim();
    if (target === 'booking') return choice ? { bookingId: choice.bookingId, amount: value } : null;
    if (payerId === null) return null;
    return target === 'customer'
      ? { customerId: payerId, amount: value }
      : { agencyId: payerId, amount: value };
  };
  const submit = () => {
    const body = bodyOf();
    if (!body || !isValidAmount) return;
    assign.mutate(
      { entryId: entry.id, body, rate: otherCurrency && rate.trim() ? rate.trim() : undefined },
      {
        onSuccess: () => {
          showSuccess(
            target === 'booking' && choice
              ? t('banks.assign.done', { number: choice.number })
              : t('banks.assign.doneCredit'),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('banks.assign.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {t('banks.assign.entry', {
            amount: formatMoney(entry.amount, entry.currency, lang),
            open: formatMoney(entry.open, entry.currency, lang),
          })}
        </Text>
        {entry.reference && (
          <Text size="sm" c="dimmed">
            {entry.reference}
          </Text>
        )}
        <SegmentedControl
          aria-label={t('banks.assign.target')}
          value={target}
          onChange={(v) => setTarget(v as TTarget)}
          data={TARGETS.map((v) => ({ value: v, label: t(`banks.assign.targets.${v}`) }))}
        />
        {target !== 'booking' && <PayerPicker kind={target} value={payerId} onChange={setPayerId} />}
        {target === 'booking' && (
          <>
            <TextInput
              label={t('banks.assign.search')}
              placeholder={t('banks.assign.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Radio.Group
              label={t('banks.assign.booking')}
              value={choice ? String(choice.bookingId) : null}
              onChange={(v) => setChoice(choices.find((c) => String(c.bookingId) === v) ?? null)}
            >
              <Stack gap={4} mt={4}>
                {choices.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('banks.assign.noBookings')}
                  </Text>
                )}
                {choices.map((c) => (
                  <Radio
                    key={c.bookingId}
                    value={String(c.bookingId)}
                    label={t('banks.assign.choice', {
                      number: c.number,
                      open: formatMoney(c.open, c.currency, lang),
                    })}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('banks.assign.amount', { currency: entry.currency })}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amount && !isValidAmount ? t('banks.assign.amountError') : undefined}
            required
          />
          {otherCurrency && (
            <TextInput
              label={t('banks.assign.rate', { from: entry.currency, to: choice?.currency })}
              description={t('banks.assign.rateHint')}
              value={rate}
              onChange={(e) => setRate(e.currentTarget.value)}
            />
          )}
        </Group>
        {assign.error instanceof ApiError && <Alert color="red">{apiErrorText(assign.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!hasTarget || !isValidAmount} loading={assign.isPending}>
            {t('banks.assign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
