import { z } from 'zod';
import { D, round2, type TDecimal } from '../money/money.ts';

// Payments of a booking and what they settle (docs/domain/payments.md): each payment counts at its own
// stored rate (a payment never changes value later), payments fill the due dates first come first
// (FIFO by due date), and the status follows OCA/pms's folio payment state.

export const PAYMENT_METHODS = ['bank', 'cash', 'card', 'provider', 'credit'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** final: money seen; temporary: expected (checkout, QR code) until a bank entry confirms it. */
export const PAYMENT_RECORD_STATUSES = ['final', 'temporary'] as const;
export type TPaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export const PAYMENT_STATUSES = ['nothing_to_pay', 'not_paid', 'partial', 'paid', 'overpayment'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment's value in the booking currency: amount × rate, rounded per payment (docs/domain/currencies.md). */
export const paymentValue = (p: { amount: TDecimal; rate: TDecimal }): TDecimal =>
  round2(new D(p.amount).times(p.rate).toFixed());

/** One due amount of the schedule: a deposit or rest line with its due date. */
export type TDue = { amount: TDecimal; dueDate: string };

export type TSettlement = {
  /** Σ payment values in the booking currency. */
  paid: TDecimal;
  /** due − paid (negative when overpaid). */
  open: TDecimal;
  status: TPaymentStatus;
  /** The earliest due date not yet covered by the payments, or null. */
  nextDueDate: string | null;
  /** What is still owed of that due date (the deposit or rest left). */
  nextDueAmount: TDecimal | null;
  /** A due date before today is not covered: cumulative due by then > paid. */
  hasExceededDueDate: boolean;
};

/**
 * What the payments settle of `due` (the amount due before travel) and its schedule. Payments fill the
 * dues by date; a due date is exceeded when it lies before `today` and is not covered.
 */
export function settle(input: {
  due: TDecimal;
  dues: readonly TDue[];
  payments: readonly { amount: TDecimal; rate: TDecimal }[];
  today: string;
}): TSettlement {
  const due = new D(input.due);
  const paid = input.payments.reduce((sum, p) => sum.plus(paymentValue(p)), new D(0));
  const open = due.minus(paid);
  let status: TPaymentStatus;
  if (due.isZero() && paid.isZero()) status = 'nothing_to_pay';
  else if (paid.gt(due)) status = 'overpayment';
  else if (open.isZero()) status = 'paid';
  else if (paid.gt(0)) status = 'partial';
  else status = 'not_paid';
  let cumulative = new D(0);
  let nextDueDate: string | null = null;
  let nextDueAmount: TDecimal | null = null;
  let hasExceededDueDate = false;
  for (const d of [...input.dues].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    cumulative = cumulative.plus(d.amount);
    if (cumulative.lte(paid)) continue;
    if (nextDueDate === null) {
      nextDueDate = d.dueDate;
      nextDueAmount = D.min(cumulative.minus(paid), d.amount).toFixed(2);
    }
    if (d.dueDate < input.today) hasExceededDueDate = true;
  }
  return {
    paid: paid.toFixed(2),
    open: open.toFixed(2),
    status,
    nextDueDate,
    nextDueAmount,
    hasExceededDueDate,
  };
}

/** `rateType` of a bank assignment: how the given rate is quoted (docs/domain/payments.md). */
export const RATE_TYPES = ['direct', 'inverse'] as const;
export type TRateType = (typeof RATE_TYPES)[number];

/** The stored rate (payment currency → booking currency) from a quoted one. */
export const storedRate = (rate: TDecimal, rateType: TRateType): TDecimal =>
  rateType === 'direct' ? new D(rate).toFixed() : new D(1).div(rate).toDecimalPlaces(8).toFixed();

const ZAmount = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'An amount with at most 2 decimals')
  .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || !new D(v).isZero(), 'The amount must not be 0');
const ZRate = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,8})?$/, 'A positive rate with at most 8 decimals')
  .refine((v) => !/^\d+(\.\d+)?$/.test(v) || new D(v).gt(0), 'The rate must be above 0');

/** `POST /api/bookings/{bookingId}/payment`: a payment (negative: a refund) typed in by staff. */
export const ZPaymentCreate = z.object({
  date: z.iso.date(),
  amount: ZAmount,
  /** ISO 4217; the booking's currency when left out. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** Payment currency → booking currency; required when the currencies differ, else 1. */
  rate: ZRate.optional(),
  method: z.enum(PAYMENT_METHODS).default('bank'),
  status: z.enum(PAYMENT_RECORD_STATUSES).default('final'),
  reference: z.string().trim().max(200).optional(),
  note: z.string().trim().max(2000).optional(),
  onsite: z.boolean().optional(),
  payerCustomerId: z.number().int().positive().optional(),
  payerAgencyId: z.number().int().positive().optional(),
  /** The booking version the client read (optimistic concurrency, like every booking write). */
  version: z.number().int().positive().optional(),
});
export type TPaymentCreate = z.infer<typeof ZPaymentCreate>;

/** A stored payment as the API answers it. */
export const ZPayment = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    date: z.string(),
    amount: z.string(),
    currency: z.string(),
    rate: z.string(),
    /** amount × rate in the booking currency. */
    value: z.string(),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_RECORD_STATUSES),
    reference: z.string().nullable(),
    note: z.string().nullable(),
    bankEntryId: z.number().int().nullable(),
    providerId: z.number().int().nullable(),
    creditEntryId: z.number().int().nullable(),
    onsite: z.boolean(),
    payerCustomerId: z.number().int().nullable(),
    payerAgencyId: z.number().int().nullable(),
    userId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Payment' });
export type TPayment = z.infer<typeof ZPayment>;
