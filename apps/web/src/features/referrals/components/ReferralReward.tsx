import { formatMoney } from '@atoll/domain/money';
import { type TReferral, ZRewardAmount } from '@atoll/domain/referrals';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { showSuccess } from '../../../app/messages.ts';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useCurrencies } from '../../../components/useReferenceData.ts';
import { useReward } from '../api.ts';

/** The reward of a referral: what was credited to whom, or the button that asks the amount and credits it. */
export function ReferralReward({ row, canReward }: { row: TReferral; canReward: boolean }) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (row.status === 'rewarded' && row.rewardAmount && row.rewardCurrency)
    return (
      <Alert color="violet" title={t('referrals.reward.done')} mt="md">
        <Stack gap={4}>
          <Text size="sm">
            {t('referrals.reward.credited', {
              amount: formatMoney(row.rewardAmount, row.rewardCurrency, currentLanguage()),
              name: row.referrerName ?? `#${row.referrerCustomerId}`,
              when: formatDateTime(row.rewardedAt, i18n.language),
            })}
          </Text>
          {/* A plain button: a link's blue on the violet alert falls below 4.5:1. */}
          <Button
            component={Link}
            to={`/ccredits?open=${row.referrerCustomerId}`}
            variant="default"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
          >
            {t('referrals.reward.ledger', { id: row.creditEntryId })}
          </Button>
        </Stack>
      </Alert>
    );
  if (!canReward) return null;
  return (
    <Group justify="flex-end" mt="md">
      <Button
        variant="light"
        color="violet"
        onClick={() => setAsking(true)}
        disabled={row.bookingId === null}
      >
        {t('referrals.reward.action')}
      </Button>
      {row.bookingId === null && (
        <Text size="sm" c="dimmed">
          {t('referrals.reward.needsBooking')}
        </Text>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('referrals.reward.title')}>
        <RewardForm row={row} onDone={() => setAsking(false)} />
      </Modal>
    </Group>
  );
}

function RewardForm({ row, onDone }: { row: TReferral; onDone: () => void }) {
  const { t } = useTranslation();
  const base = useCurrencies().data?.find((c) => c.isBase)?.code ?? null;
  const reward = useReward(row.id);
  const [amount, setAmount] = useState(row.rewardAmount ?? '');
  const [currency, setCurrency] = useState<string | null>(row.rewardCurrency);
  const [invalid, setInvalid] = useState<string | undefined>();
  const code = currency ?? base;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // German writes a decimal comma.
    const value = amount.trim().replace(',', '.');
    if (!ZRewardAmount.safeParse(value).success || !code) {
      setInvalid(t('referrals.reward.amountHint'));
      return;
    }
    setInvalid(undefined);
    reward.mutate(
      { rewardAmount: value, rewardCurrency: code },
      {
        onSuccess: () => {
          showSuccess(t('referrals.reward.saved'));
          onDone();
        },
      },
    );
  };
  const error = reward.error instanceof ApiError ? reward.error : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('referrals.reward.intro', { name: row.referrerName ?? '' })}</Text>
        <TextInput
          label={t('referrals.reward.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={invalid}
          required
          data-autofocus
        />
        <CurrencySelect label={t('referrals.reward.currency')} value={code} onChange={setCurrency} required />
        {error && (
          <Alert color="red" role="alert">
            {error.status === 409 ? t('referrals.reward.notConfirmed') : apiErrorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={reward.isPending}>
            {t('referrals.reward.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
