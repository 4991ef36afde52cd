import type { TLocalizedText } from '@atoll/domain/geo';
import { normalize } from '@atoll/domain/money';
import type {
  TBookingChannel,
  TCreateSpecial,
  TDiscountKind,
  TPriceStatus,
  TScopeUnit,
  TSpecial,
  TSpecialTarget,
  TSpecialType,
} from '@atoll/domain/pricing/entities';
import { isIncomplete, type TRuleRow, toRuleRows, toRules } from './ruleValues.ts';

/** The switches of a special, in the order the form shows them. */
export const SPECIAL_FLAGS = [
  'autoAdd',
  'unique',
  'replaceMatchingRoomPrice',
  'includeSpecialsWithSameRule',
  'excludeFromCommission',
  'excludeFromTax',
  'editable',
  'deletable',
] as const;
export type TSpecialFlag = (typeof SPECIAL_FLAGS)[number];

/** The special form's state: selects hold ids as strings ('' for none), dates '' for open. */
export type TSpecialForm = {
  name: string;
  description: TLocalizedText;
  type: TSpecialType;
  status: TPriceStatus;
  dateFrom: string;
  dateTo: string;
  rules: TRuleRow[];
  discount: TDiscountKind;
  discountValue: string;
  reduce: boolean;
  target: TSpecialTarget;
  targetIds: string[];
  scopeUnit: TScopeUnit;
  includeIn: TBookingChannel[];
  groupId: string;
  sort: number;
} & Record<TSpecialFlag, boolean>;

/** Form fields the server's validation details may name. */
export const SPECIAL_FIELDS = [
  'name',
  'description',
  'type',
  'status',
  'dateFrom',
  'dateTo',
  'rules',
  'discount',
  'discountValue',
  'reduce',
  'target',
  'targetIds',
  'scopeUnit',
  'includeIn',
  'groupId',
  'sort',
] as const;

/** Targets that are limited to listed products or product categories. */
export const hasTargetIds = (target: TSpecialTarget) => target === 'Product' || target === 'ProductCategory';

/** Only these kinds may rewrite the room line instead of adding one (docs/domain/specials.md). */
export const canReplaceRoomPrice = (form: Pick<TSpecialForm, 'discount' | 'target'>) =>
  form.target === 'RoomPrice' && ['Fix', 'FixUnit', 'PerCent'].includes(form.discount);

export function toSpecialForm(special?: TSpecial): TSpecialForm {
  return {
    name: special?.name ?? '',
    description: special?.description ?? {},
    type: special?.type ?? 'special',
    status: special?.status ?? 'draft',
    dateFrom: special?.dateFrom ?? '',
    dateTo: special?.dateTo ?? '',
    rules: toRuleRows(special?.rules ?? []),
    discount: special?.discount ?? 'PerCent',
    discountValue: special ? normalize(special.discountValue) : '',
    reduce: special?.reduce ?? true,
    target: special?.target ?? 'RoomPrice',
    targetIds: (special?.targetIds ?? []).map(String),
    scopeUnit: special?.scopeUnit ?? 'Booking',
    includeIn: special?.includeIn ?? ['Booking'],
    groupId: special?.groupId ? String(special.groupId) : '',
    sort: special?.sort ?? 0,
    autoAdd: special?.autoAdd ?? true,
    unique: special?.unique ?? true,
    replaceMatchingRoomPrice: special?.replaceMatchingRoomPrice ?? false,
    includeSpecialsWithSameRule: special?.includeSpecialsWithSameRule ?? false,
    excludeFromCommission: special?.excludeFromCommission ?? false,
    excludeFromTax: special?.excludeFromTax ?? false,
    editable: special?.editable ?? true,
    deletable: special?.deletable ?? true,
  };
}

/** A value the server reads as a decimal: "12,5" as typed in German becomes "12.5". */
const decimalText = (text: string) => text.trim().replace(',', '.');

/**
 * The request body. A new special is a draft whatever the form says (the server ignores the status on
 * create), so the status is only sent for an existing one.
 */
export function toSpecialBody(form: TSpecialForm, isCreate: boolean): Partial<TCreateSpecial> {
  const { rules, groupId, targetIds, dateFrom, dateTo, discountValue, status, ...rest } = form;
  return {
    ...rest,
    ...(isCreate ? {} : { status }),
    name: form.name.trim(),
    dateFrom: dateFrom || null,
    dateTo: dateTo || null,
    discountValue: decimalText(discountValue) || '0',
    rules: toRules(rules),
    targetIds: hasTargetIds(form.target)
      ? targetIds.map(Number).filter((n) => Number.isInteger(n) && n > 0)
      : [],
    replaceMatchingRoomPrice: form.replaceMatchingRoomPrice && canReplaceRoomPrice(form),
    groupId: groupId ? Number(groupId) : null,
  };
}

/** What the form checks before sending: a name, an ordered booking window, a fitting value, complete rules. */
export function checkSpecialForm(form: TSpecialForm): { field: string; code: string }[] {
  const problems: { field: string; code: string }[] = [];
  if (!form.name.trim()) problems.push({ field: 'name', code: 'required' });
  if (form.dateFrom && form.dateTo && form.dateTo < form.dateFrom)
    problems.push({ field: 'dateTo', code: 'dateOrder' });
  const value = decimalText(form.discountValue);
  const isPercent = form.discount === 'PerCent' || form.type === 'AgencyCommission';
  if (value && !/^\d{1,12}(\.\d{1,2})?$/.test(value))
    problems.push({ field: 'discountValue', code: 'amount' });
  else if (isPercent && Number(value) > 100) problems.push({ field: 'discountValue', code: 'percent' });
  if (form.rules.some(isIncomplete)) problems.push({ field: 'rules', code: 'incompleteRule' });
  return problems;
}
