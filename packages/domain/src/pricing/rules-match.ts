import type { TSpecialWhy } from './engine-types.ts';
import type { TScopeUnit, TSpecialRule } from './entities.ts';
import { levelOf, ruleText, type TCompiledRule, type TRuleActual } from './rules.ts';
import type { TFactValues, TNightFacts, TPersonFacts, TRoomFacts, TRuleFacts } from './rules-facts.ts';

// All rules of a special, AND-ed, each at its level (docs/domain/specials.md): booking rules once, room rules
// per room entry, person rules per person (the lead customer for a Booking-scope special), night rules
// per night. The result says which rooms, persons and nights qualify.

export type TFailedRule = NonNullable<TSpecialWhy['failedRule']>;

export type TRuleMatch =
  | {
      ok: true;
      /** The rules as read with the value each saw ("DaysBeforeTravelDate 120 ≥ 90"), canonical order. */
      matched: string[];
      /** Qualifying room entries (all when there are no room, person or night rules). */
      rooms: TRoomFacts[];
      /** Qualifying persons for Person and Bed scope; null: everybody in the qualifying rooms. */
      persons: ReadonlySet<string> | null;
      /** Qualifying nights per room key; null: no night rules, every night. */
      nights: ReadonlyMap<string, ReadonlySet<string>> | null;
      /** Every room qualified (no room, person-in-room or night restriction). */
      allRooms: boolean;
    }
  | { ok: false; failed: TFailedRule };

type TSubject = { values: TFactValues };

const failure = (rule: TSpecialRule, actual: TRuleActual): TFailure => ({
  ok: false,
  failed: {
    field: rule.field,
    operator: rule.operator,
    value: rule.value,
    actual,
    text: ruleText(rule, actual, false),
  },
});

const actualOf = (rule: TSpecialRule, subject: TSubject | undefined) => subject?.values[rule.field] ?? null;

/** The first rule the subject fails, or undefined when it passes all. */
const firstFailing = (rules: readonly TCompiledRule[], subject: TSubject | undefined) =>
  rules.find((r) => !r.test(actualOf(r.rule, subject)));

type TFailure = { ok: false; failed: TFailedRule };
type TLevelResult<T> = { passed: T[]; failed?: undefined } | { passed?: undefined; failed: TFailure };

/** Subjects that pass every rule; the failure of the first subject when none does. */
function filterLevel<T extends TSubject>(
  rules: readonly TCompiledRule[],
  subjects: readonly T[],
  matched: string[],
): TLevelResult<T> {
  if (rules.length === 0) return { passed: [...subjects] };
  const passed = subjects.filter((s) => firstFailing(rules, s) === undefined);
  const [first] = passed;
  if (!first) {
    const subject = subjects[0];
    const { rule } = firstFailing(rules, subject) ?? (rules[0] as TCompiledRule);
    return { failed: failure(rule, actualOf(rule, subject)) };
  }
  const share = passed.length < subjects.length ? ` (${passed.length}/${subjects.length})` : '';
  for (const { rule } of rules) matched.push(`${ruleText(rule, actualOf(rule, first), true)}${share}`);
  return { passed };
}

export type TByLevel = {
  booking: TCompiledRule[];
  room: TCompiledRule[];
  person: TCompiledRule[];
  night: TCompiledRule[];
};
/** The rules split by level, in canonical order within each. */
export function byLevel(rules: readonly TCompiledRule[]): TByLevel {
  const out: TByLevel = { booking: [], room: [], person: [], night: [] };
  for (const r of rules) out[levelOf(r.rule.field)].push(r);
  return out;
}

/** Booking rules once; SpecialsGroup reads the groups applied earlier in this calculation. */
function matchBooking(
  rules: readonly TCompiledRule[],
  booking: TSubject,
  groups: readonly number[],
  matched: string[],
): TFailure | undefined {
  for (const { rule, test } of rules) {
    const actual =
      rule.field === 'SpecialsGroup' ? [...groups].sort((a, b) => a - b) : actualOf(rule, booking);
    if (!test(actual)) return failure(rule, actual);
    matched.push(ruleText(rule, actual, true));
  }
  return undefined;
}

type TPersonResult =
  | { rooms: TRoomFacts[]; persons: ReadonlySet<string> | null; failed?: undefined }
  | { failed: TFailure };

function matchPersons(
  rules: readonly TCompiledRule[],
  rooms: TRoomFacts[],
  scope: TScopeUnit,
  lead: TPersonFacts | null,
  matched: string[],
): TPersonResult {
  if (rules.length === 0) return { rooms, persons: null };
  if (scope === 'Booking') {
    const result = filterLevel<TPersonFacts>(rules, lead ? [lead] : [], matched);
    if (result.failed) return { failed: result.failed };
    return { rooms, persons: null };
  }
  const result = filterLevel(
    rules,
    rooms.flatMap((r) => r.persons),
    matched,
  );
  if (result.failed) return { failed: result.failed };
  const persons = new Set(result.passed.map((p) => p.key));
  return { rooms: rooms.filter((r) => r.persons.some((p) => persons.has(p.key))), persons };
}

type TNightResult =
  | { rooms: TRoomFacts[]; nights: ReadonlyMap<string, ReadonlySet<string>>; failed?: undefined }
  | { failed: TFailure };

/** The nights of one stay that pass the rules; kept per (rules, stay), both read only and reused. */
type TNightPass = { dates: ReadonlySet<string>; first: TSubject | undefined };
const nightPasses = new WeakMap<readonly TCompiledRule[], WeakMap<readonly TNightFacts[], TNightPass>>();

function passingNights(rules: readonly TCompiledRule[], nights: readonly TNightFacts[]): TNightPass {
  let byStay = nightPasses.get(rules);
  if (!byStay) {
    byStay = new WeakMap();
    nightPasses.set(rules, byStay);
  }
  let found = byStay.get(nights);
  if (!found) {
    const dates = new Set<string>();
    let first: TSubject | undefined;
    for (const night of nights) {
      if (firstFailing(rules, night)) continue;
      first ??= night;
      dates.add(night.date);
    }
    found = { dates, first };
    byStay.set(nights, found);
  }
  return found;
}

function matchNights(rules: readonly TCompiledRule[], rooms: TRoomFacts[], matched: string[]): TNightResult {
  const nights = new Map<string, ReadonlySet<string>>();
  let first: TSubject | undefined;
  let count = 0;
  let total = 0;
  for (const room of rooms) {
    const pass = passingNights(rules, room.nights);
    total += room.nights.length;
    count += pass.dates.size;
    first ??= pass.first;
    if (pass.dates.size) nights.set(room.key, pass.dates);
  }
  if (!first) {
    const subject = rooms[0]?.nights[0];
    const { rule } = firstFailing(rules, subject) ?? (rules[0] as TCompiledRule);
    return { failed: failure(rule, actualOf(rule, subject)) };
  }
  const share = count < total ? ` (${count}/${total})` : '';
  for (const { rule } of rules) matched.push(`${ruleText(rule, actualOf(rule, first), true)}${share}`);
  return { rooms: rooms.filter((r) => nights.has(r.key)), nights };
}

/** Evaluates the rules of a special (split by level, see byLevel), all AND-ed. */
export function matchRules(
  level: TByLevel,
  facts: TRuleFacts,
  scope: TScopeUnit,
  groups: readonly number[],
): TRuleMatch {
  const matched: string[] = [];
  const bookingFailed = matchBooking(level.booking, { values: facts.booking }, groups, matched);
  if (bookingFailed) return bookingFailed;
  const roomResult = filterLevel(level.room, facts.rooms, matched);
  if (roomResult.failed) return roomResult.failed;
  const personResult = matchPersons(level.person, roomResult.passed, scope, facts.lead, matched);
  if (personResult.failed) return personResult.failed;
  let rooms = personResult.rooms;
  let nights: ReadonlyMap<string, ReadonlySet<string>> | null = null;
  if (level.night.length) {
    const nightResult = matchNights(level.night, rooms, matched);
    if (nightResult.failed) return nightResult.failed;
    rooms = nightResult.rooms;
    nights = nightResult.nights;
  }
  const allRooms = rooms.length === facts.rooms.length && personResult.persons === null;
  return { ok: true, matched, rooms, persons: personResult.persons, nights, allRooms };
}

/** A special added by hand with ignoreRules: everything qualifies. */
export function matchAll(facts: TRuleFacts): TRuleMatch {
  return { ok: true, matched: [], rooms: facts.rooms, persons: null, nights: null, allRooms: true };
}
