import { CUSTOMER_TYPES } from '../customers/customers.ts';
import { ZCountryCode } from '../geo/geo.ts';
import { ZIsoDate } from '../inventory/availability.ts';
import {
  operatorsFor,
  RULE_FIELDS,
  type TDiscountKind,
  type TRuleValueKind,
  type TSpecialRule,
  type TSpecialTarget,
  type TSpecialType,
} from './entities.ts';

// What makes a special's rules and settings consistent beyond their shape (docs/domain/specials.md): pure
// checks that name the first offending field, so the API answers 400 with its path.

export type TProblem = { path: string; message: string };

type TScalar = number | string;
const LIST_OPERATORS = new Set(['IsIn', 'IsNotIn', 'Equals']);
const CUSTOMER_TYPE_NAMES: readonly string[] = CUSTOMER_TYPES;

/** Ids are int4 serials. */
const MAX_ID = 2_147_483_647;
const isPositiveId = (v: TScalar) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID;

/** Whether one value fits the kind of its field; the message says what was expected. */
function scalarProblem(kind: TRuleValueKind, value: TScalar): string | undefined {
  switch (kind) {
    case 'number':
    case 'money':
      return typeof value === 'number' ? undefined : 'a number';
    case 'date':
      return typeof value === 'string' && ZIsoDate.safeParse(value).success ? undefined : 'an ISO date';
    case 'weekday':
      return isPositiveId(value) && Number(value) <= 7 ? undefined : 'a weekday 1 (Monday) to 7 (Sunday)';
    case 'country':
      return ZCountryCode.safeParse(value).success ? undefined : 'an ISO 3166-1 alpha-2 country code';
    case 'customerType':
      return typeof value === 'string' && CUSTOMER_TYPE_NAMES.includes(value)
        ? undefined
        : `a customer type (${CUSTOMER_TYPE_NAMES.join(', ')})`;
    default:
      // Every other kind names records by id: bookings, assets, tours, agencies, sources, customers…
      return isPositiveId(value) ? undefined : 'a positive id';
  }
}

/** The first problem of one rule: an operator its field does not allow, or a value of the wrong kind. */
export function ruleProblem(rule: TSpecialRule, index: number): TProblem | undefined {
  const at = (key: string) => `rules[${index}].${key}`;
  const allowed = operatorsFor(rule.field);
  if (!allowed.includes(rule.operator)) {
    return { path: at('operator'), message: `${rule.field} allows ${allowed.join(', ')}` };
  }
  const { kind } = RULE_FIELDS[rule.field];
  if (Array.isArray(rule.value)) {
    if (!LIST_OPERATORS.has(rule.operator)) {
      return { path: at('value'), message: `${rule.operator} compares one value, not a list` };
    }
    if (rule.value.length === 0) return { path: at('value'), message: 'The list is empty' };
  }
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  for (const [i, value] of values.entries()) {
    const expected = scalarProblem(kind, value);
    if (expected) {
      const path = Array.isArray(rule.value) ? `${at('value')}[${i}]` : at('value');
      return { path, message: `${rule.field} compares ${expected}` };
    }
  }
  return undefined;
}

export function rulesProblem(rules: readonly TSpecialRule[]): TProblem | undefined {
  for (const [index, rule] of rules.entries()) {
    const problem = ruleProblem(rule, index);
    if (problem) return problem;
  }
  return undefined;
}

/** The settings of a special as stored after a write: the body over the existing row. */
export type TSpecialSettings = {
  type: TSpecialType;
  dateFrom: string | null;
  dateTo: string | null;
  discount: TDiscountKind;
  discountValue: string;
  target: TSpecialTarget;
  targetIds: readonly number[];
  replaceMatchingRoomPrice: boolean;
};

const REPLACING_KINDS: readonly TDiscountKind[] = ['Fix', 'FixUnit', 'PerCent'];
const LISTING_TARGETS: readonly TSpecialTarget[] = ['Product', 'ProductCategory'];

/** Cross-field rules of docs/domain/specials.md on the settings a special ends up with. */
export function settingsProblem(s: TSpecialSettings): TProblem | undefined {
  if (s.dateFrom !== null && s.dateTo !== null && s.dateFrom > s.dateTo) {
    return { path: 'dateTo', message: 'The booking window ends before it starts' };
  }
  // Both are percentages: a commission or a reduction of more than the whole makes no sense.
  if ((s.discount === 'PerCent' || s.type === 'AgencyCommission') && Number(s.discountValue) > 100) {
    return { path: 'discountValue', message: 'A percentage is at most 100' };
  }
  if (s.replaceMatchingRoomPrice && !(REPLACING_KINDS.includes(s.discount) && s.target === 'RoomPrice')) {
    return {
      path: 'replaceMatchingRoomPrice',
      message: 'Only Fix, FixUnit or PerCent specials on the room price can replace it',
    };
  }
  if (s.targetIds.length > 0 && !LISTING_TARGETS.includes(s.target)) {
    return { path: 'targetIds', message: 'Only Product and ProductCategory targets list ids' };
  }
  return undefined;
}
