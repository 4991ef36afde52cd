import { z } from 'zod';
import { BOOKING_STATES } from '../inventory/availability.ts';
import { noNul } from '../list/list.ts';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, PAYMENT_STATUSES, ZPayment } from './payments.ts';

// The contract of the payments API beyond the core (spec booking §7 Payments, Bookings GET/POST, Online
// booking): lists, statuses, credits, providers and the guest's payment pages. Pure zod, shared by the
// server (validation, output) and the web (types, forms).

/** PostgreSQL text cannot hold NUL: such input is refused (400) before it reaches the database. */
export const hasNoNul = (value: unknown) => !JSON.stringify(value ?? null).includes('\\u0000');

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZDay = z.iso.date();
const ZMoney = z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'An amount with at most 2 decimals');

/** `POST /api/payments/{id}`: only the note and the reference change; amount, rate and date stay. */
export const ZPaymentUpdate = z
  .object({
    reference: z.string().trim().max(200).nullable().optional(),
    note: z.string().trim().max(2000).nullable().optional(),
  })
  .refine(hasNoNul, 'No NUL characters');
export type TPaymentUpdate = z.infer<typeof ZPaymentUpdate>;

/** A payment with its booking's number and payer names: the lists and the agency's payments. */
export const ZPaymentListItem = ZPayment.extend({
  bookingNo: z.string().nullable(),
  bookingCurrency: z.string(),
  agencyId: z.number().int().nullable(),
  providerRef: z.string().nullable(),
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;

/** `GET /api/payments/history`: payments over time, newest first, between two days. */
export const ZPaymentHistoryQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  bookingId: ZId.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(PAYMENT_RECORD_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export type TPaymentHistoryQuery = z.infer<typeof ZPaymentHistoryQuery>;

/** `DELETE /api/payments`: several payments at once, all or nothing (ids in the query or the body). */
export const ZBulkPaymentIds = z.object({
  ids: z.union([z.array(ZId), z.string().regex(/^\d+(,\d+)*$/)]).optional(),
});

/** The payment state of one booking (`GET /api/bookings/paymentStatus`). */
export const ZBookingPaymentStatus = z.object({
  bookingId: z.number().int(),
  bookingNo: z.string().nullable(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.string(),
  open: z.string(),
  nextDueDate: z.string().nullable(),
  hasExceededDueDate: z.boolean(),
});
export type TBookingPaymentStatus = z.infer<typeof ZBookingPaymentStatus>;

/**
 * `GET /api/tours/{tour}/{schedule}/payments`: one booking of a departure with its payment state, its lead guest
 * or agency, and its payments (docs/domain/payments.md, "A departure's payments").
 */
export const ZDepartureBookingPayments = ZBookingPaymentStatus.extend({
  state: z.enum(BOOKING_STATES),
  resolved: z.boolean(),
  customerName: z.string().nullable(),
  agencyName: z.string().nullable(),
  total: z.string(),
  /** What the operator receives: paid + open (without an agency's commission; a cancelled one's fee). */
  due: z.string(),
  payments: z.array(ZPaymentListItem),
});
export type TDepartureBookingPayments = z.infer<typeof ZDepartureBookingPayments>;

/** A departure's bookings (earliest due first) and their sums per booking currency. */
export const ZDeparturePayments = z.object({
  bookings: z.array(ZDepartureBookingPayments),
  totals: z.array(
    z.object({
      currency: z.string(),
      bookings: z.number().int(),
      due: z.string(),
      paid: z.string(),
      open: z.string(),
      /** The open amount of the bookings whose due date has passed. */
      overdue: z.string(),
    }),
  ),
});
export type TDeparturePayments = z.infer<typeof ZDeparturePayments>;

/** `ids` (comma-separated) or a `days` window of due dates (today … today + days). */
export const ZPaymentStatusQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,499}$/)
    .optional(),
  days: z.coerce.number().int().min(0).max(3650).optional(),
});

/** `GET /api/bookings/allBookingsWithOpenPayments?days=`: due within `days` (overdue included). */
export const ZOpenPaymentsQuery = z.object({
  days: z.coerce.number().int().min(0).max(3650).default(30),
});

/** `GET /api/bookings/agency/payments/{agency}?from&to`: day-bounded ISO dates or datetimes. */
export const ZAgencyPaymentsQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'An ISO date'),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'An ISO date'),
});

/** `POST /api/bookings/markPaid`: one final payment of the open amount per booking. */
export const ZMarkPaid = z.object({
  bookingIds: z.array(z.number().int().positive()).min(1).max(200),
  date: ZDay.optional(),
  method: z.enum(['bank', 'cash', 'card']).default('bank'),
  reference: z.string().trim().max(200).refine(noNul, 'No NUL characters').optional(),
});
export type TMarkPaid = z.infer<typeof ZMarkPaid>;
export const ZMarkPaidAnswer = z.object({
  paid: z.array(z.object({ bookingId: z.number().int(), paymentId: z.number().int(), amount: z.string() })),
  /** Bookings with nothing open: no payment was made. */
  skipped: z.array(z.number().int()),
});

/** `POST /api/bookings/{bookingId}/payment/credit`: pay from the customer's or agency's credit. */
export const ZUseCredit = z.object({
  /** In the booking currency (the ledger of that currency is used). */
  amount: ZMoney.refine((v) => !v.startsWith('-') && Number(v) !== 0, 'A positive amount'),
  from: z.enum(['customer', 'agency']),
  date: ZDay.optional(),
  version: z.number().int().positive().optional(),
});
export type TUseCredit = z.infer<typeof ZUseCredit>;

/** `POST /api/bookings/{bookingId}/payment/keepCredit`: the overpaid surplus becomes credit. */
export const ZKeepCredit = z.object({
  to: z.enum(['customer', 'agency']),
  date: ZDay.optional(),
  version: z.number().int().positive().optional(),
});
export type TKeepCredit = z.infer<typeof ZKeepCredit>;

export const PROVIDER_TYPES = ['bank_transfer', 'stripe'] as const;
export type TProviderType = (typeof PROVIDER_TYPES)[number];

/** Public settings of a provider (shown to the office; bank details are printed for guests). */
export const ZProviderConfig = z
  .object({
    accountHolder: z.string().trim().max(200).optional(),
    iban: z.string().trim().max(40).optional(),
    bic: z.string().trim().max(20).optional(),
    bankName: z.string().trim().max(200).optional(),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3}$/))
      .max(50)
      .optional(),
    /** Stripe only: another API base (a Stripe mock server in tests), e.g. http://127.0.0.1:12111. */
    apiBase: z.url().max(300).optional(),
  })
  .strict();

/** Secret settings: write-only, never answered. */
export const ZProviderSecrets = z
  .object({
    /** null clears a secret; left out keeps it. */
    apiKey: z.string().trim().min(1).max(500).nullable().optional(),
    webhookSecret: z.string().trim().min(1).max(500).nullable().optional(),
  })
  .strict();

export const ZPaymentProviderCreate = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(PROVIDER_TYPES),
  isActive: z.boolean().default(true),
  config: ZProviderConfig.default({}),
  secrets: ZProviderSecrets.default({}),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export type TPaymentProviderCreate = z.input<typeof ZPaymentProviderCreate>;
export const ZPaymentProviderUpdate = ZPaymentProviderCreate.omit({ type: true }).partial();

/** A provider as answered: the secrets only as "is set" flags. */
export const ZPaymentProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(PROVIDER_TYPES),
  isActive: z.boolean(),
  config: ZProviderConfig,
  secretsSet: z.object({ apiKey: z.boolean(), webhookSecret: z.boolean() }),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

/** `POST /api/book/{id}/checkout`: start paying the open amount with a provider. */
export const ZCheckout = z.object({
  providerId: z.number().int().positive(),
  /** The guest's signed link token, when not logged in. */
  token: z
    .string()
    .max(200)
    .regex(/^[\w.-]+$/, 'A link token')
    .optional(),
  language: z.enum(['de', 'en']).optional(),
});
export const ZCheckoutAnswer = z.object({
  type: z.enum(PROVIDER_TYPES),
  amount: z.string(),
  currency: z.string(),
  /** Stripe: where the guest pays. */
  url: z.string().nullable(),
  /** Bank transfer: what to transfer where. */
  instructions: z
    .object({
      accountHolder: z.string().nullable(),
      iban: z.string().nullable(),
      bic: z.string().nullable(),
      bankName: z.string().nullable(),
      reference: z.string(),
    })
    .nullable(),
});
export type TCheckoutAnswer = z.infer<typeof ZCheckoutAnswer>;

/** A customer or agent pays online only for a booking that is held, booked or travelled. */
export const SELF_PAYABLE_STATES = ['planned', 'confirmed', 'resolved'] as const;

/**
 * `GET /api/book/{id}/payOptions`: the open amount and the providers a logged-in user may pay it with (none
 * unless the booking is in SELF_PAYABLE_STATES with an amount open).
 */
export const ZPayOptions = z.object({
  bookingNo: z.string().nullable(),
  open: z.string(),
  currency: z.string(),
  /** The active providers that can take a payment (configured with a link key), in their order. */
  providers: z.array(z.object({ id: z.number().int(), type: z.enum(PROVIDER_TYPES), name: z.string() })),
});
export type TPayOptions = z.infer<typeof ZPayOptions>;

/** `POST /api/book/{id}/payment/success|aborted`: proof that the caller is the guest. */
export const ZPaymentResultQuery = z
  .object({
    token: z.string().max(200).optional(),
    sessionId: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_]+$/, 'A provider session id')
      .optional(),
    provider: z.number().int().positive().optional(),
  })
  .refine((v) => v.token !== undefined || v.sessionId !== undefined, 'token or sessionId');

/** What a guest sees on the payment pages: nothing beyond the booking's number and payment state. */
export const ZPaymentResult = z.object({
  bookingNo: z.string().nullable(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.string(),
  open: z.string(),
  /** success: whether the provider's payment has arrived (the webhook may come a moment later). */
  received: z.boolean(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** What a payment write answers: the payment and the booking's payment state after it. */
export const ZPaymentWriteAnswer = z.object({
  payment: ZPaymentListItem,
  booking: ZBookingPaymentStatus.extend({ version: z.number().int() }),
});
export type TPaymentWriteAnswer = z.infer<typeof ZPaymentWriteAnswer>;
