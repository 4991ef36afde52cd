import {
  operatorsFor,
  RULE_FIELDS,
  type TRuleField,
  type TRuleOperator,
  type TRuleValue,
  type TRuleValueKind,
  type TSpecialRule,
} from '@atoll/domain/pricing/entities';

/** A rule row of the builder: the value is null until the user picked one. */
export type TRuleRow = { key: string; field: TRuleField; operator: TRuleOperator; value: TRuleValue | null };

/** Kinds whose values are record ids; each has a list to pick from (bookings are typed in). */
export const ID_KINDS = [
  'resort',
  'vessel',
  'tour',
  'agency',
  'schedule',
  'roomType',
  'specialsGroup',
  'bookingSource',
  'customer',
  'booking',
] as const satisfies readonly TRuleValueKind[];
export type TIdKind = (typeof ID_KINDS)[number];
export const isIdKind = (kind: TRuleValueKind): kind is TIdKind =>
  (ID_KINDS as readonly string[]).includes(kind);

/** Numbers and dates compare one value with the ordered operators; lists take several. */
const ORDERED_KINDS: readonly TRuleValueKind[] = ['number', 'money', 'date'];
export const kindOf = (field: TRuleField): TRuleValueKind => RULE_FIELDS[field].kind;

/** IsIn and IsNotIn always take a list; Equals takes one value for numbers and dates, a set otherwise. */
export function takesList(field: TRuleField, operator: TRuleOperator): boolean {
  if (operator === 'IsIn' || operator === 'IsNotIn') return true;
  if (operator === 'Equals') return !ORDERED_KINDS.includes(kindOf(field));
  return false;
}

const asList = (value: TRuleValue | null): (string | number)[] =>
  value === null || value === '' ? [] : Array.isArray(value) ? value : [value];

/** The value carried over when the operator changes: a single value becomes a list and back. */
export function valueForOperator(
  field: TRuleField,
  operator: TRuleOperator,
  value: TRuleValue | null,
): TRuleValue | null {
  const list = asList(value);
  if (takesList(field, operator)) return list;
  return list[0] ?? null;
}

let nextKey = 0;
/** A key for React that stays with the row while rows are added and removed. */
export const rowKey = () => `rule-${++nextKey}`;

/** A new row for a field: its first operator and no value yet. */
export function newRule(field: TRuleField, operator?: TRuleOperator): TRuleRow {
  const allowed = operatorsFor(field);
  const op = operator && allowed.includes(operator) ? operator : (allowed[0] ?? 'IsIn');
  return { key: rowKey(), field, operator: op, value: takesList(field, op) ? [] : null };
}

/** Another field on a row: the operator stays if the field allows it; the value fits the new kind. */
export function changeField(row: TRuleRow, field: TRuleField): TRuleRow {
  const sameKind = kindOf(field) === kindOf(row.field);
  const next = newRule(field, row.operator);
  return sameKind
    ? { ...next, key: row.key, value: valueForOperator(field, next.operator, row.value) }
    : { ...next, key: row.key };
}

export function changeOperator(row: TRuleRow, operator: TRuleOperator): TRuleRow {
  return { ...row, operator, value: valueForOperator(row.field, operator, row.value) };
}

/** A row without a usable value: an empty list, an empty text, or no number. */
export function isIncomplete(row: TRuleRow): boolean {
  const { value } = row;
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && value.trim() === '';
}

export const toRuleRows = (rules: readonly TSpecialRule[]): TRuleRow[] =>
  rules.map((r) => ({ key: rowKey(), field: r.field, operator: r.operator, value: r.value }));

/** The rules as the API takes them; incomplete rows are the form's to report, not to send. */
export function toRules(rows: readonly TRuleRow[]): TSpecialRule[] {
  return rows
    .filter((row) => !isIncomplete(row))
    .map((row) => ({ field: row.field, operator: row.operator, value: row.value as TRuleValue }));
}

/** Short operator signs for a rule read as a sentence ("DaysBeforeTravelDate ≥ 60"). */
export const OPERATOR_SIGNS: Record<TRuleOperator, string> = {
  GreaterThan: '>',
  LessThan: '<',
  GreaterThanEquals: '≥',
  LessThanEquals: '≤',
  Equals: '=',
  IsIn: '∈',
  IsNotIn: '∉',
};
