import type { TCancelBooking } from '@atoll/domain/bookings';

// The cancellation form (spec booking §3 cancellation defaults, docs/domain/cancellation.md): how the fee is
// found (the terms' tiers, a percent or a fixed value), and the request it becomes. Pure, for tests.

export const CANCEL_REASONS = ['customer', 'operator', 'noShow', 'other'] as const;
export const FEE_MODES = ['terms', 'percent', 'value'] as const;
export type TFeeMode = (typeof FEE_MODES)[number];

export type TCancelForm = {
  reason: string;
  message: string;
  mode: TFeeMode;
  percent: string;
  value: string;
  /** The cancellation date, YYYY-MM-DD. */
  date: string;
  includeCommission: boolean;
};

/** The spec's defaults: reason customer, the terms' tiers, commission included, cancelled today. */
export const newCancelForm = (today: string): TCancelForm => ({
  reason: 'customer',
  message: '',
  mode: 'terms',
  percent: '0',
  value: '0',
  date: today,
  includeCommission: true,
});

/** "12,5" as "12.5": people type the decimal comma in German. */
const decimal = (text: string) => text.trim().replace(',', '.');

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const VALUE = /^\d{1,12}(\.\d{1,2})?$/;

/** Fields that are not valid, with the key of the message: the server would refuse them. */
export function cancelFormErrors(form: TCancelForm): Partial<Record<keyof TCancelForm, string>> {
  const errors: Partial<Record<keyof TCancelForm, string>> = {};
  if (!form.reason.trim()) errors.reason = 'form.invalid.required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) errors.date = 'form.invalid.required';
  const percent = decimal(form.percent);
  if (form.mode === 'percent' && (!PERCENT.test(percent) || Number(percent) > 100))
    errors.percent = 'bookings.cancel.percentInvalid';
  if (form.mode === 'value' && !VALUE.test(decimal(form.value)))
    errors.value = 'bookings.cancel.valueInvalid';
  return errors;
}

/** The `cancell` request; the percent or value not chosen is sent as 0, as the defaults say. */
export function toCancelBody(form: TCancelForm, version: number): TCancelBooking {
  const message = form.message.trim();
  return {
    reason: form.reason.trim(),
    ...(message ? { message } : {}),
    useTerms: form.mode === 'terms',
    percent: form.mode === 'percent' ? decimal(form.percent) : '0',
    value: form.mode === 'value' ? decimal(form.value) : '0',
    date: form.date,
    includeCommission: form.includeCommission,
    version,
  };
}
