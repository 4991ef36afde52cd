import { z } from 'zod';
import { ZCurrencyCode } from '../geo/geo.ts';
import { D } from '../money/money.ts';
import { PAYMENT_METHODS, PAYMENT_RECORD_STATUSES, RATE_TYPES } from '../payments/payments.ts';
import { MATCH_REASONS } from './matching.ts';
import { ZCsvMapping } from './statement.ts';

// Bank accounts and bank entries as the API answers and takes them (spec platform §7 Banks, Bank
// entries; docs/domain/payments.md).

export { MATCH_REASONS, MATCH_STRENGTHS, type TSuggestion } from './matching.ts';
export { type TCsvMapping, ZCsvMapping } from './statement.ts';

const ZId = z.number().int().positive().max(2_147_483_647);
const ZDay = z.iso.date();
const text = (max: number) => z.string().trim().max(max);
/** A decimal's value, or null for text that is none (zod runs refinements even after a failed regex). */
const decimal = (v: string) => {
  try {
    return new D(v);
  } catch {
    return null;
  }
};
/** A positive amount with at most 2 decimals, as a string (no floats for money). */
export const ZPositiveAmount = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'An amount with at most 2 decimals')
  .refine((v) => decimal(v)?.gt(0) ?? false, 'The amount must be above 0');
/** A signed amount, not 0 (a bank entry: + in, − out). */
export const ZSignedAmount = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'An amount with at most 2 decimals')
  .refine((v) => !(decimal(v)?.isZero() ?? true), 'The amount must not be 0');
const ZIban = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'an IBAN'));
const ZBic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'a BIC');

export const ZBank = z.object({
  id: z.number().int(),
  name: z.string(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  currency: z.string(),
  openingBalance: z.string(),
  openingDate: z.string().nullable(),
  /** null until a mapping is stored (by the edit form or an import that carries one). */
  csvMapping: ZCsvMapping.nullable(),
  autoAssign: z.boolean(),
  isActive: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBank = z.infer<typeof ZBank>;

export const ZCreateBank = z.object({
  name: text(100).min(1),
  bankName: text(100).nullish(),
  accountHolder: text(200).nullish(),
  iban: ZIban.nullish(),
  bic: ZBic.nullish(),
  currency: ZCurrencyCode.default('EUR'),
  openingBalance: z
    .string()
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'An amount with at most 2 decimals')
    .default('0'),
  openingDate: ZDay.nullish(),
  csvMapping: ZCsvMapping.nullish(),
  autoAssign: z.boolean().default(true),
  isActive: z.boolean().default(true),
  note: text(2000).nullish(),
});
export type TCreateBank = z.infer<typeof ZCreateBank>;
export const ZUpdateBank = ZCreateBank.partial();

/** What was assigned from an entry: a booking payment or a credit ledger entry. */
export const ZAssignment = z.object({
  kind: z.enum(['payment', 'credit']),
  /** The payment's id, or the credit entry's id. */
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  number: z.string().nullable(),
  customerId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  /** In the entry currency. */
  amount: z.string(),
  currency: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ZSuggestion = z.object({
  bookingId: z.number().int(),
  number: z.string(),
  strength: z.enum(['strong', 'weak']),
  reason: z.enum(MATCH_REASONS),
  currency: z.string(),
  openAmount: z.string(),
  nextDueAmount: z.string().nullable(),
});

export const ZBankEntry = z
  .object({
    id: z.number().int(),
    bankId: z.number().int(),
    date: z.string(),
    amount: z.string(),
    currency: z.string(),
    counterparty: z.string().nullable(),
    reference: z.string().nullable(),
    externalId: z.string().nullable(),
    /** Σ assigned, in the entry currency; `open` is what is left. */
    assigned: z.string(),
    open: z.string(),
    suggestions: z.array(ZSuggestion),
    assignments: z.array(ZAssignment),
    importId: z.string().nullable(),
    userId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BankEntry' });
export type TBankEntry = z.infer<typeof ZBankEntry>;

/** An entry typed in by hand (`POST /api/bankentries`). */
export const ZCreateBankEntry = z.object({
  bankId: ZId,
  date: ZDay,
  amount: ZSignedAmount,
  currency: ZCurrencyCode.optional(),
  counterparty: text(200).nullish(),
  reference: text(1000).nullish(),
  externalId: text(200).nullish(),
});
export type TCreateBankEntry = z.infer<typeof ZCreateBankEntry>;
/** Afterwards only the texts change; amount and date are the bank's. */
export const ZUpdateBankEntry = z.object({
  counterparty: text(200).nullish(),
  reference: text(1000).nullish(),
});

export const ENTRY_STATES = ['all', 'assigned', 'unassigned'] as const;
export const ZEntriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** assigned: nothing left; unassigned: incoming with something left (also partly assigned); all: also outgoing. */
  status: z.enum(ENTRY_STATES).default('all'),
  search: text(200).optional(),
});
export type TEntriesQuery = z.infer<typeof ZEntriesQuery>;

export const ZDeleteEntriesQuery = z
  .object({
    importId: text(100).min(1).optional(),
    /** Entry ids, separated by commas. */
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'ids separated by commas')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .optional(),
  })
  .refine((q) => (q.importId === undefined) !== (q.ids === undefined), {
    message: 'Send either importId or ids',
    path: ['importId'],
  });

export const ZImportResult = z.object({
  importId: z.string().nullable(),
  rows: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  assigned: z.number().int(),
  suggested: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type TImportResult = z.infer<typeof ZImportResult>;

export const GROUP_BY = ['day', 'week', 'month', 'year'] as const;
export type TGroupBy = (typeof GROUP_BY)[number];
export const ZBalanceQuery = z.object({
  from: ZDay,
  to: ZDay,
  groupBy: z.enum(GROUP_BY).default('month'),
  bankId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Without a bank: the accounts in this currency (default the first account's). */
  currency: ZCurrencyCode.optional(),
});
export const ZCashflowQuery = ZBalanceQuery.omit({ groupBy: true }).partial({ from: true, to: true });

export const ZPeriod = z.object({
  /** The first day of the period. */
  period: z.string(),
  in: z.string(),
  out: z.string(),
  net: z.string(),
  /** The balance at the end of the period. */
  balance: z.string(),
});
export const ZBalance = z.object({
  bankId: z.number().int().nullable(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(GROUP_BY),
  opening: z.string(),
  closing: z.string(),
  periods: z.array(ZPeriod),
});
export type TBalance = z.infer<typeof ZBalance>;

/** `POST /api/bankentries/{id}/payments`: what the (part of the) entry pays. */
export const ZAssignBody = z.union([
  z.object({ bookingId: ZId, amount: ZPositiveAmount, note: text(2000).optional() }).strict(),
  z.object({ customerId: ZId, amount: ZPositiveAmount, note: text(2000).optional() }).strict(),
  z.object({ agencyId: ZId, amount: ZPositiveAmount, note: text(2000).optional() }).strict(),
]);
export type TAssignBody = z.infer<typeof ZAssignBody>;

export const ZAssignQuery = z.object({
  /** The exchange rate; required when the entry and the booking currency differ (else looked up). */
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,8})?$/, 'A positive rate with at most 8 decimals')
    .refine((v) => decimal(v)?.gt(0) ?? false, 'The rate must be above 0')
    .optional(),
  /** direct: 1 entry currency = rate booking currency; inverse: 1 booking currency = rate entry currency. */
  rateType: z.enum(RATE_TYPES).default('direct'),
  /** rt: the day whose stored exchange rate is used when no rate is given (default the entry's date). */
  rt: ZDay.optional(),
});
export type TAssignQuery = z.infer<typeof ZAssignQuery>;

/** A payment in the manual and temporary lists. */
export const ZPaymentRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  number: z.string().nullable(),
  customerName: z.string().nullable(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  reference: z.string().nullable(),
  bankEntryId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TPaymentRow = z.infer<typeof ZPaymentRow>;
export const ZPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  from: ZDay.optional(),
  to: ZDay.optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  search: text(200).optional(),
});
export type TPaymentsQuery = z.infer<typeof ZPaymentsQuery>;
