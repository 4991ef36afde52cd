import type { TBooking, TCancelBooking } from '@atoll/domain/bookings';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, langOf, todayIso } from '../../../components/pricing/format.ts';
import {
  CANCEL_REASONS,
  cancelFormErrors,
  FEE_MODES,
  newCancelForm,
  type TCancelForm,
  toCancelBody,
} from './cancelForm.ts';

type TProps = {
  booking: TBooking;
  busy: boolean;
  onCancel: (body: Omit<TCancelBooking, 'version'>) => void;
  onClose: () => void;
};

/** The terms' tiers as read: "from 90 days before: 30 %; from 60 days: 50 %; later: 100 %". */
function TiersHint({ booking }: { booking: TBooking }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const terms = booking.termsOfPayment;
  if (!terms) return <Text size="sm">{t('bookings.cancel.noTerms')}</Text>;
  const tiers = [...terms.cancellationTiers].sort((a, b) => b.daysBefore - a.daysBefore);
  const text = tiers
    .map((tier) =>
      t('bookings.cancel.tier', { days: tier.daysBefore, percent: formatNumber(tier.percent, lang) }),
    )
    .join('; ');
  return (
    <Text size="sm">
      {t('bookings.cancel.tiers', { name: terms.name, tiers: text || t('bookings.cancel.noTiers') })}
    </Text>
  );
}

/**
 * Cancels the booking (docs/domain/cancellation.md): the reason, a message, how the fee is found (the terms' tiers,
 * a percent or a fixed amount), the cancellation date and whether the agency's commission counts.
 */
export function CancelModal({ booking, busy, onCancel, onClose }: TProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TCancelForm>(() => newCancelForm(todayIso()));
  const [errors, setErrors] = useState<Partial<Record<keyof TCancelForm, string>>>({});
  const set = <K extends keyof TCancelForm>(key: K, value: TCancelForm[K]) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    setErrors({});
  };
  const error = (key: keyof TCancelForm) => (errors[key] ? t(errors[key]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cancelFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { version: _version, ...body } = toCancelBody(form, booking.version);
    onCancel(body);
  };

  return (
    <Modal opened onClose={onClose} title={t('bookings.cancel.title')} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={t('bookings.cancel.title')}>
        <Stack gap="md">
          <Select
            label={t('bookings.cancel.reason')}
            data={CANCEL_REASONS.map((r) => ({ value: r, label: t(`bookings.cancel.reasons.${r}`) }))}
            value={form.reason}
            onChange={(v) => set('reason', v ?? '')}
            error={error('reason')}
            allowDeselect={false}
            required
          />
          <Textarea
            label={t('bookings.cancel.message')}
            value={form.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={5000}
          />
          <Radio.Group
            label={t('bookings.cancel.feeBy')}
            value={form.mode}
            onChange={(v) => set('mode', v as TCancelForm['mode'])}
          >
            <Stack gap="xs" mt={6}>
              {FEE_MODES.map((mode) => (
                <Radio key={mode} value={mode} label={t(`bookings.cancel.modes.${mode}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {form.mode === 'terms' && <TiersHint booking={booking} />}
          {form.mode === 'percent' && (
            <TextInput
              label={t('bookings.cancel.percent')}
              inputMode="decimal"
              value={form.percent}
              onChange={(e) => set('percent', e.currentTarget.value)}
              error={error('percent')}
              rightSection="%"
              w={200}
            />
          )}
          {form.mode === 'value' && (
            <TextInput
              label={t('bookings.cancel.value', { currency: booking.currency })}
              inputMode="decimal"
              value={form.value}
              onChange={(e) => set('value', e.currentTarget.value)}
              error={error('value')}
              w={200}
            />
          )}
          <TextInput
            type="date"
            label={t('bookings.cancel.date')}
            value={form.date}
            onChange={(e) => set('date', e.currentTarget.value)}
            error={error('date')}
            required
            w={200}
          />
          {booking.agencyId !== null && (
            <Checkbox
              label={t('bookings.cancel.includeCommission')}
              description={t('bookings.cancel.includeCommissionHint')}
              checked={form.includeCommission}
              onChange={(e) => set('includeCommission', e.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('bookings.cancel.keep')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('bookings.actions.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
