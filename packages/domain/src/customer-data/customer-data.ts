// Customer groups, customer data groups (custom fields of customers) and the credit ledgers of
// customers and agencies (docs/domain/payments.md). Pure: schemas, data validation and balance maths.
import Decimal from 'decimal.js';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Customer groups (/customer/group)

/** A palette colour name of the UI (`blue`, `teal`) or a hex colour, as agency groups have. */
const ZColor = z.string().regex(/^(#[0-9a-fA-F]{6}|[a-z]{3,20})$/, 'a colour name like blue or #1c7ed6');

export const ZCustomerGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerGroup = z.infer<typeof ZCustomerGroup>;

export const ZCreateCustomerGroup = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  color: ZColor.nullish(),
});
export type TCreateCustomerGroup = z.infer<typeof ZCreateCustomerGroup>;
export const ZUpdateCustomerGroup = ZCreateCustomerGroup.partial();
export type TUpdateCustomerGroup = z.infer<typeof ZUpdateCustomerGroup>;

// ---------------------------------------------------------------------------------------------
// Customer data groups (/customerdatagroup)

export const CUSTOMER_DATA_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'boolean', 'select'] as const;
export type TCustomerDataFieldType = (typeof CUSTOMER_DATA_FIELD_TYPES)[number];

/** A text in both UI languages. */
export const ZLocalizedText = z.object({
  de: z.string().trim().min(1).max(200),
  en: z.string().trim().min(1).max(200),
});
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/** A field key: safe in a JSON path and a URL segment (`move/{from}/{to}/{field}`). */
export const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
export const ZFieldKey = z.string().regex(FIELD_KEY_PATTERN, 'a letter, then letters, digits or _');

export const ZSelectOption = z.object({ value: z.string().trim().min(1).max(100), label: ZLocalizedText });
export type TSelectOption = z.infer<typeof ZSelectOption>;

export const ZCustomerDataField = z
  .object({
    key: ZFieldKey,
    type: z.enum(CUSTOMER_DATA_FIELD_TYPES),
    label: ZLocalizedText,
    options: z.array(ZSelectOption).max(200).optional(),
    required: z.boolean().optional(),
  })
  .superRefine((field, ctx) => {
    const options = field.options ?? [];
    if (field.type === 'select' && options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options_missing' });
    }
    if (field.type !== 'select' && options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options_unexpected' });
    }
    const duplicate = repeatAt(options.map((o) => o.value));
    if (duplicate !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['options', duplicate, 'value'], message: 'duplicate' });
    }
  });
export type TCustomerDataField = z.infer<typeof ZCustomerDataField>;

/** The fields of one group, in display order; keys unique within the group. */
export const ZCustomerDataFields = z
  .array(ZCustomerDataField)
  .max(100)
  .superRefine((fields, ctx) => {
    const duplicate = repeatAt(fields.map((f) => f.key));
    if (duplicate !== undefined)
      ctx.addIssue({ code: 'custom', path: [duplicate, 'key'], message: 'duplicate' });
  });

export const ZCustomerDataGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  label: ZLocalizedText.partial(),
  sort: z.number().int(),
  fields: z.array(ZCustomerDataField),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCustomerDataGroup = z.infer<typeof ZCustomerDataGroup>;

export const ZCreateCustomerDataGroup = z.object({
  name: z.string().trim().min(1).max(200),
  label: ZLocalizedText,
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  fields: ZCustomerDataFields.default([]),
});
export type TCreateCustomerDataGroup = z.infer<typeof ZCreateCustomerDataGroup>;
export const ZUpdateCustomerDataGroup = ZCreateCustomerDataGroup.partial();
export type TUpdateCustomerDataGroup = z.infer<typeof ZUpdateCustomerDataGroup>;

/** `POST /api/customerdatagroup/move/{from}/{to}/{field}`. */
const ZPathId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
export const ZMoveFieldParams = z.object({ from: ZPathId, to: ZPathId, field: ZFieldKey });
/** The answer of a move: how many customers' stored values moved with the field. */
export const ZMoveFieldAnswer = z.number().int().min(0);

// ---------------------------------------------------------------------------------------------
// A customer's custom data: `{ [groupId]: { [fieldKey]: value } }`

export type TCustomerDataValue = string | number | boolean;
export type TCustomerData = Record<string, Record<string, TCustomerDataValue>>;

/** Shape only (size-bounded); the values are checked against the groups by `validateCustomerData`. */
export const ZCustomerData = z.record(
  z.string().regex(/^[1-9][0-9]{0,9}$/),
  z.record(z.string().max(64), z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()])),
);

export type TCustomerDataIssue = {
  groupId: number;
  key: string;
  code: 'required' | 'invalid_type' | 'invalid_date' | 'invalid_option' | 'too_long';
};

const MAX_LENGTH: Partial<Record<TCustomerDataFieldType, number>> = { text: 1000, textarea: 10_000 };

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function checkValue(field: TCustomerDataField, value: unknown): TCustomerDataIssue['code'] | undefined {
  switch (field.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return 'invalid_type';
      return value.length > (MAX_LENGTH[field.type] ?? 0) ? 'too_long' : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'invalid_type';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'invalid_type';
    case 'date':
      if (typeof value !== 'string') return 'invalid_type';
      return isCalendarDate(value) ? undefined : 'invalid_date';
    case 'select':
      if (typeof value !== 'string') return 'invalid_type';
      return field.options?.some((o) => o.value === value) ? undefined : 'invalid_option';
  }
}

/**
 * A customer's data checked against the current groups. The answer keeps only values of defined
 * fields: values of removed fields or deleted groups are dropped, empty values ('' or null) too
 * (a required field must then have a value). Issues name the group and field they concern.
 */
export function validateCustomerData(
  groups: readonly Pick<TCustomerDataGroup, 'id' | 'fields'>[],
  data: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>,
): { data: TCustomerData; issues: TCustomerDataIssue[] } {
  const clean: TCustomerData = {};
  const issues: TCustomerDataIssue[] = [];
  for (const group of groups) {
    const stored = data[String(group.id)] ?? {};
    const values: Record<string, TCustomerDataValue> = {};
    for (const field of group.fields) {
      const value = Object.hasOwn(stored, field.key) ? stored[field.key] : undefined;
      if (isEmpty(value)) {
        if (field.required) issues.push({ groupId: group.id, key: field.key, code: 'required' });
        continue;
      }
      const code = checkValue(field, value);
      if (code) issues.push({ groupId: group.id, key: field.key, code });
      else values[field.key] = value as TCustomerDataValue;
    }
    if (Object.keys(values).length > 0) clean[String(group.id)] = values;
  }
  return { data: clean, issues };
}

/** Where a value first repeats an earlier one (the second occurrence), if anywhere. */
function repeatAt(values: readonly string[]): number | undefined {
  const index = values.findIndex((value, i) => values.indexOf(value) !== i);
  return index === -1 ? undefined : index;
}

// ---------------------------------------------------------------------------------------------
// Credit ledgers (docs/domain/payments.md): one per customer or agency and currency; balance = Σ entries ≥ 0.

/** A money amount as a decimal string with at most two decimals, e.g. "-120.50". */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
export const ZMoney = z.string().regex(MONEY_PATTERN, 'a decimal like 120.50');
export const ZCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code');

export const ZCreditEntry = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  currency: z.string(),
  /** Positive: credit received; negative: credit used. */
  amount: ZMoney,
  /** The ledger's balance after this entry (entries in ledger order). */
  balance: ZMoney,
  bookingId: z.number().int().nullable(),
  note: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TCreditEntry = z.infer<typeof ZCreditEntry>;

/** One ledger's balance: a customer's or an agency's, in one currency. */
export const ZCreditBalance = z.object({
  /** `<owner id>-<currency>`: a row key for lists. */
  id: z.string(),
  customerId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  /** The customer's full name or the agency's name. */
  name: z.string(),
  currency: z.string(),
  balance: ZMoney,
  entries: z.number().int(),
  lastEntryAt: z.string(),
});
export type TCreditBalance = z.infer<typeof ZCreditBalance>;

/** `GET /api/credits/entries`: one owner's ledgers, the balance per currency and every entry. */
export const ZCreditLedger = z.object({
  customerId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  name: z.string(),
  balances: z.array(z.object({ currency: z.string(), balance: ZMoney })),
  entries: z.array(ZCreditEntry),
});
export type TCreditLedger = z.infer<typeof ZCreditLedger>;

const ZOwnerId = z.number().int().positive().max(2_147_483_647);

export const ZCreateCreditEntry = z
  .object({
    customerId: ZOwnerId.optional(),
    agencyId: ZOwnerId.optional(),
    currency: ZCurrencyCode,
    // A valid amount is zero exactly when it has no digit 1-9.
    amount: ZMoney.refine((a) => /[1-9]/.test(a), 'an entry of 0 changes nothing'),
    note: z.string().trim().max(1000).nullish(),
    bookingId: ZOwnerId.nullish(),
  })
  .refine((e) => (e.customerId === undefined) !== (e.agencyId === undefined), {
    message: 'name either customerId or agencyId',
    path: ['customerId'],
  });
export type TCreateCreditEntry = z.infer<typeof ZCreateCreditEntry>;

/** `GET /api/credits/entries`: the ledger of one customer or one agency, optionally one currency. */
export const ZCreditEntriesQuery = z
  .object({
    customerId: z.coerce.number().pipe(ZOwnerId).optional(),
    agencyId: z.coerce.number().pipe(ZOwnerId).optional(),
    currency: ZCurrencyCode.optional(),
  })
  .refine((q) => (q.customerId === undefined) !== (q.agencyId === undefined), {
    message: 'name either customerId or agencyId',
    path: ['customerId'],
  });
export type TCreditEntriesQuery = z.infer<typeof ZCreditEntriesQuery>;

const toMoney = (value: Decimal) => value.toFixed(2);

/** Σ amounts, exact. */
export function creditBalance(amounts: readonly string[]): string {
  return toMoney(amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0)));
}

/** Each entry with the ledger's balance after it; the entries in ledger order. */
export function withRunningBalance<T extends { amount: string }>(
  entries: readonly T[],
): (T & { balance: string })[] {
  let balance = new Decimal(0);
  return entries.map((entry) => {
    balance = balance.plus(entry.amount);
    return {
      ...entry,
      amount: toMoney(new Decimal(entry.amount)),
      balance: toMoney(balance),
    };
  });
}

/** The balance after booking `amount`, or undefined when it would go negative (the ledger refuses it). */
export function balanceAfter(balance: string, amount: string): string | undefined {
  const next = new Decimal(balance).plus(amount);
  return next.lt(0) ? undefined : toMoney(next);
}
