import { D } from './dec.ts';
import {
  RULE_FIELD_NAMES,
  RULE_FIELDS,
  RULE_OPERATORS,
  type TRuleField,
  type TRuleOperator,
  type TRuleValue,
  type TSpecialRule,
} from './entities.ts';

// One rule of a special against one actual value (docs/domain/specials.md): the 7 operators for every value
// kind, the text that explains the outcome ("DaysBeforeTravelDate 58 < 60"), and the canonical order
// that makes results independent of the order in which a special lists its rules.

type TScalar = number | string;
/** What a field looked at: a scalar, a set (several schedules, applied groups) or null (none). */
export type TRuleActual = TScalar | readonly TScalar[] | null;

type TKind = 'ordered' | 'money' | 'date' | 'list';
const kindOf = (field: TRuleField): TKind => {
  const { kind } = RULE_FIELDS[field];
  if (kind === 'number') return 'ordered';
  if (kind === 'money' || kind === 'date') return kind;
  return 'list';
};

const isNumeric = (v: TScalar) =>
  typeof v === 'number' ? Number.isFinite(v) : /^-?\d+(\.\d+)?$/.test(v.trim());
const asDate = (v: TScalar) => String(v).trim().slice(0, 10);
/** A list member as compared: numbers by value ("05" = 5), words case-insensitively ("de" = "DE"). */
const token = (v: TScalar) => (isNumeric(v) ? String(Number(v)) : String(v).trim().toLowerCase());
const tokenOf = (kind: TKind, v: TScalar) => (kind === 'date' ? asDate(v) : token(v));

/** -1, 0 or 1; null when the two cannot be ordered (a word against a number). */
function compare(kind: TKind, a: TScalar, b: TScalar): number | null {
  if (kind === 'date') {
    const [x, y] = [asDate(a), asDate(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (!isNumeric(a) || !isNumeric(b)) return null;
  if (kind === 'money') return new D(a).comparedTo(b);
  const [x, y] = [Number(a), Number(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

const listOf = (value: TRuleValue | TRuleActual): readonly TScalar[] =>
  value === null ? [] : Array.isArray(value) ? value : [value as TScalar];

function holdsOrdered(op: TRuleOperator, c: number | null): boolean {
  if (c === null) return false;
  if (op === 'GreaterThan') return c > 0;
  if (op === 'LessThan') return c < 0;
  if (op === 'GreaterThanEquals') return c >= 0;
  return c <= 0;
}

export type TRuleTest = (actual: TRuleActual) => boolean;

/**
 * A rule as a test of an actual value, its value parsed once. A scalar rule value is a one-element
 * list; Equals on lists means the same set; an actual set passes IsIn when one member is listed,
 * IsNotIn when none is, and an ordered operator when every member passes. Nothing to compare (no
 * agency, no schedule) passes IsNotIn only; LastStay without an earlier stay passes nothing.
 */
export function compileRule(rule: TSpecialRule): TRuleTest {
  const kind = kindOf(rule.field);
  const values = listOf(rule.value);
  const tokens = new Set(values.map((v) => tokenOf(kind, v)));
  const { operator } = rule;
  const none = operator === 'IsNotIn' && rule.field !== 'LastStay';
  const listed = (a: TScalar) => tokens.has(tokenOf(kind, a));
  const [single] = values;
  return (actual) => {
    if (actual === null) return none;
    const actuals = listOf(actual);
    if (operator === 'IsIn') return actuals.some(listed);
    if (operator === 'IsNotIn') return !actuals.some(listed);
    if (operator === 'Equals') {
      if (!Array.isArray(actual) && !Array.isArray(rule.value) && single !== undefined)
        return kind === 'list' ? listed(actual as TScalar) : compare(kind, actual as TScalar, single) === 0;
      const mine = new Set(actuals.map((a) => tokenOf(kind, a)));
      return mine.size === tokens.size && [...mine].every((x) => tokens.has(x));
    }
    if (single === undefined || values.length > 1 || actuals.length === 0) return false;
    return actuals.every((a) => holdsOrdered(operator, compare(kind, a, single)));
  };
}

/** Whether a rule holds for an actual value (see compileRule). */
export const testRule = (rule: TSpecialRule, actual: TRuleActual): boolean => compileRule(rule)(actual);

const SYMBOL: Record<TRuleOperator, [holds: string, fails: string]> = {
  GreaterThan: ['>', '≤'],
  LessThan: ['<', '≥'],
  GreaterThanEquals: ['≥', '<'],
  LessThanEquals: ['≤', '>'],
  Equals: ['=', '≠'],
  IsIn: ['∈', '∉'],
  IsNotIn: ['∉', '∈'],
};

const show = (value: TRuleValue | TRuleActual): string => {
  if (value === null) return '—';
  if (Array.isArray(value)) return `[${value.join(', ')}]`;
  return String(value);
};

/** "DaysBeforeTravelDate 120 ≥ 90" when it holds, "DaysBeforeTravelDate 58 < 60" when it fails. */
export function ruleText(rule: TSpecialRule, actual: TRuleActual, holds: boolean): string {
  const symbol = SYMBOL[rule.operator][holds ? 0 : 1];
  return `${rule.field} ${show(actual)} ${symbol} ${show(rule.value)}`;
}

const LEVEL_RANK = { booking: 0, room: 1, person: 2, night: 3 } as const;
const FIELD_RANK = new Map(RULE_FIELD_NAMES.map((f, i) => [f, i]));
const OPERATOR_RANK = new Map(RULE_OPERATORS.map((o, i) => [o, i]));

/** The value as a stable key: list members compared as tokens and sorted, so [2, 1] = [1, 2]. */
function valueKey(rule: TSpecialRule): string {
  const kind = kindOf(rule.field);
  if (!Array.isArray(rule.value)) return tokenOf(kind, rule.value as TScalar);
  return [...new Set(rule.value.map((v) => tokenOf(kind, v)))].sort().join(',');
}

export const levelOf = (field: TRuleField) => RULE_FIELDS[field].level;

/**
 * The rules in one fixed order (level: booking, room, person, night; then field, operator and value),
 * so the first failing rule and the matched texts never depend on how a special lists its rules.
 */
export function canonicalRules(rules: readonly TSpecialRule[]): TSpecialRule[] {
  const keyed = rules.map((rule) => ({ rule, key: valueKey(rule) }));
  keyed.sort(
    (a, b) =>
      LEVEL_RANK[levelOf(a.rule.field)] - LEVEL_RANK[levelOf(b.rule.field)] ||
      (FIELD_RANK.get(a.rule.field) ?? 0) - (FIELD_RANK.get(b.rule.field) ?? 0) ||
      (OPERATOR_RANK.get(a.rule.operator) ?? 0) - (OPERATOR_RANK.get(b.rule.operator) ?? 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return keyed.map((k) => k.rule);
}

/** Identical rule sets (same fields, operators and values, in any order) have the same key. */
export function ruleSetKey(rules: readonly TSpecialRule[]): string {
  const keys = rules.map((r) => `${r.field}|${r.operator}|${valueKey(r)}`);
  return [...new Set(keys)].sort().join(';');
}

/** A rule with its compiled test. */
export type TCompiledRule = { rule: TSpecialRule; test: TRuleTest };

/** The rules in canonical order, each compiled once. */
export const compileRules = (rules: readonly TSpecialRule[]): TCompiledRule[] =>
  canonicalRules(rules).map((rule) => ({ rule, test: compileRule(rule) }));
