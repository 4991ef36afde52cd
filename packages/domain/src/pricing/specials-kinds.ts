import type { TDiscountKind, TSpecial, TSpecialRule } from './entities.ts';
import type { TRuleMatch } from './rules-match.ts';
import {
  addNightShares,
  shareOf,
  statesFor,
  type TLedger,
  type TLineState,
  type TNightSel,
  targetStates,
} from './specials-ledger.ts';
import { allocate, divRound, fromUnits, percentOf, plainUnits, SCALE, toUnits } from './specials-money.ts';
import type { TSpecialTexts } from './specials-texts.ts';
import { buildUnits, type TUnit, unitNights } from './specials-units.ts';

// The 8 discount kinds of docs/domain/specials.md: how much a special takes off (or adds) per scope unit,
// and which cells it acts on. Amounts are magnitudes in micro-units before the sign; rounding to
// cents, the floor at the remaining base and the lines are specials-emit.ts's.

export type TMatched = Extract<TRuleMatch, { ok: true }>;
export type TUnitPlan = {
  unit: TUnit;
  amount: number;
  /** The cells the amount lands on: qualifying nights, or the free ones (null: all). */
  nights: TNightSel;
  /** What the unit had on those cells when planned (its floor), if known. */
  base?: number;
};
export type TPlan = {
  special: TSpecial;
  matched: string[];
  units: TUnitPlan[];
  steps: string[];
  /** replaceMatchingRoomPrice on a room-price Fix, FixUnit or PerCent: rewrite the room lines. */
  replace: boolean;
  /** The ledger version it was planned on. */
  version: number;
};

type TKindInput = {
  special: TSpecial;
  match: TMatched;
  rules: readonly TSpecialRule[];
  units: TUnit[];
  targets: TLineState[];
  /** discountValue in micro-units. */
  v: number;
  t: TSpecialTexts;
  /** The unit's share of the target (raw: before the unit's 1/div). */
  raw: (unit: TUnit, nights: TNightSel) => number;
};
type TKindPlan = { units: TUnitPlan[]; steps: string[] };

const positive = (x: number) => (x < 0 ? 0 : x);
const REPLACING: readonly TDiscountKind[] = ['Fix', 'FixUnit', 'PerCent'];

/** Σ of the unit's raw shares of the target lines (comm: the commissionable part only). */
export function rawBase(
  targets: readonly TLineState[],
  unit: TUnit,
  nights: TNightSel,
  comm: boolean,
): number {
  let sum = 0;
  for (const s of statesFor(targets, unit)) sum += shareOf(s, unit, nights, comm);
  return sum;
}

/** The unit's base: its raw share over its div, never above what is there. */
export const unitValue = (raw: number, unit: TUnit) => (unit.div === 1 ? raw : Math.floor(raw / unit.div));

function perCent({ units, match, v, t, raw }: TKindInput): TKindPlan {
  let total = 0;
  const plans = units.map((unit) => {
    const b = positive(raw(unit, match.nights));
    total += unitValue(b, unit);
    return { unit, amount: percentOf(b, v, unit.div), nights: match.nights };
  });
  return { units: plans, steps: [t.percent(plainUnits(v), fromUnits(total))] };
}

function absolute({ special, units, v, t, raw }: TKindInput): TKindPlan {
  const plans = units.map((unit) => {
    const amount = special.reduce ? Math.min(v, positive(unitValue(raw(unit, null), unit))) : v;
    return { unit, amount, nights: null };
  });
  return { units: plans, steps: [t.absolute(fromUnits(v), units.length)] };
}

function absoluteNights({ special, units, match, v, t, raw }: TKindInput): TKindPlan {
  let nights = 0;
  const plans = units.map((unit) => {
    const n = unitNights(unit, match);
    nights = Math.max(nights, n);
    const wanted = v * n;
    const there = positive(unitValue(raw(unit, match.nights), unit));
    return { unit, amount: special.reduce ? Math.min(wanted, there) : wanted, nights: match.nights };
  });
  return { units: plans, steps: [t.absoluteNights(fromUnits(v), nights, units.length)] };
}

/** N of "stay N, pay N − v": the Nights rule's threshold (≥ N, > N − 1, = N); none: v once. */
function nightsThreshold(rules: readonly TSpecialRule[]): number | null {
  let threshold: number | null = null;
  for (const rule of rules) {
    if (rule.field !== 'Nights') continue;
    const raw = Number(Array.isArray(rule.value) ? rule.value[0] : rule.value);
    if (!Number.isFinite(raw)) continue;
    const n =
      rule.operator === 'GreaterThanEquals' || rule.operator === 'Equals'
        ? raw
        : rule.operator === 'GreaterThan'
          ? Math.floor(raw) + 1
          : null;
    if (n !== null && n > 0) threshold = Math.max(threshold ?? 0, n);
  }
  return threshold;
}

/** The unit's raw value of each qualifying night over the room lines of the target. */
function nightValues(unit: TUnit, targets: readonly TLineState[], match: TMatched) {
  const values = new Map<string, number>();
  for (const s of statesFor(targets, unit)) {
    if (s.line.type !== 'room_cost' || (unit.roomKey && s.roomKey && s.roomKey !== unit.roomKey)) continue;
    addNightShares(s, unit, values);
  }
  const allowed = match.nights ? unit.rooms.map((r) => match.nights?.get(r.key)) : null;
  const out: { date: string; value: number }[] = [];
  for (const [date, value] of values)
    if (!allowed || allowed.some((set) => set?.has(date))) out.push({ date, value });
  return out;
}

/** Free nights: the k cheapest of each unit's qualifying nights, k = v × floor(n / N). */
function foc({ units, match, rules, targets, v, t }: TKindInput): TKindPlan {
  const threshold = nightsThreshold(rules);
  const perStay = Math.floor(v / SCALE);
  const freeDates = new Set<string>();
  let free = 0;
  const plans = units.map((unit) => {
    const nights = nightValues(unit, targets, match);
    const k = Math.min(nights.length, threshold ? perStay * Math.floor(nights.length / threshold) : perStay);
    nights.sort((a, b) => a.value - b.value || (a.date < b.date ? -1 : 1));
    const chosen = nights.slice(0, Math.max(0, k));
    free += chosen.length;
    for (const c of chosen) freeDates.add(c.date);
    const dates = new Set(chosen.map((c) => c.date));
    const amount = divRound(
      chosen.reduce((a, c) => a + positive(c.value), 0),
      unit.div,
    );
    return { unit, amount, nights: new Map(unit.rooms.map((r) => [r.key, dates])) };
  });
  return { units: plans, steps: [t.foc(free, [...freeDates].sort().join(', '))] };
}

/** Units by their base, cheapest first (ties: first unit). */
function byValue(units: TUnit[], raws: number[]) {
  const order = units.map((unit, i) => ({ i, value: (raws[i] as number) / unit.div }));
  return order.sort((a, b) => a.value - b.value || a.i - b.i);
}

/** Free units: the k cheapest, k = floor(u / (v + 1)) ("10 + 1"). */
function focUnit({ units, v, t, raw }: TKindInput): TKindPlan {
  const raws = units.map((unit) => raw(unit, null));
  const paying = Math.floor(v / SCALE);
  const k = Math.floor(units.length / (paying + 1));
  const free = new Set(
    byValue(units, raws)
      .slice(0, k)
      .map((x) => x.i),
  );
  const plans = units.map((unit, i) => ({
    unit,
    amount: free.has(i) ? positive(divRound(raws[i] as number, unit.div)) : 0,
    nights: null,
  }));
  return { units: plans, steps: [t.focUnit(k, units.length, String(paying))] };
}

/** The cheapest unit at v % off (v = 0: free). */
function lowest({ units, v, t, raw }: TKindInput): TKindPlan {
  const raws = units.map((unit) => raw(unit, null));
  const [cheapest] = byValue(units, raws);
  const pct = v === 0 ? 100 * SCALE : v;
  const plans = units.map((unit, i) => ({
    unit,
    amount: cheapest?.i === i ? percentOf(positive(raws[i] as number), pct, unit.div) : 0,
    nights: null,
  }));
  const price = cheapest ? unitValue(raws[cheapest.i] as number, units[cheapest.i] as TUnit) : 0;
  return { units: plans, steps: [t.lowest(fromUnits(price), plainUnits(pct))] };
}

/** Each unit costs exactly v: the difference, down (reduce) or up (surcharge). */
function fixUnit({ special, units, v, t, raw }: TKindInput): TKindPlan {
  const plans = units.map((unit) => {
    const b = divRound(raw(unit, null), unit.div);
    return { unit, amount: positive(special.reduce ? b - v : v - b), nights: null };
  });
  return { units: plans, steps: [t.fixUnit(fromUnits(v), units.length)] };
}

/** The whole target costs exactly v, shared among the units by their bases. */
function fix({ special, units, v, t, raw }: TKindInput): TKindPlan {
  const bases = units.map((unit) => positive(divRound(raw(unit, null), unit.div)));
  const total = bases.reduce((a, b) => a + b, 0);
  const amount = positive(special.reduce ? total - v : v - total);
  const parts = allocate(amount, bases);
  const plans = units.map((unit, i) => ({ unit, amount: parts[i] ?? 0, nights: null }));
  return { units: plans, steps: [t.fix(fromUnits(v), fromUnits(total))] };
}

const KINDS: Record<TDiscountKind, (input: TKindInput) => TKindPlan> = {
  PerCent: perCent,
  Absolute: absolute,
  AbsoluteNights: absoluteNights,
  FOC: foc,
  FOCUnit: focUnit,
  Lowest: lowest,
  FixUnit: fixUnit,
  Fix: fix,
};

/** What a matching special would take off each unit, on the ledger as it stands. */
export function planSpecial(
  ledger: TLedger,
  special: TSpecial,
  match: TMatched,
  rules: readonly TSpecialRule[],
  t: TSpecialTexts,
): TPlan {
  const targets = targetStates(ledger, special);
  const comm = special.target === 'Commissionable';
  const units = buildUnits(special, match);
  const seen = new Map<TUnit, { nights: TNightSel; raw: number }>();
  const raw = (unit: TUnit, nights: TNightSel) => {
    const value = rawBase(targets, unit, nights, comm);
    seen.set(unit, { nights, raw: value });
    return value;
  };
  const v = toUnits(special.discountValue || '0');
  const kind = KINDS[special.discount]({ special, match, rules, units, targets, v, t, raw });
  for (const u of kind.units) {
    const known = seen.get(u.unit);
    if (known && known.nights === u.nights) u.base = unitValue(known.raw, u.unit);
  }
  const replace =
    special.replaceMatchingRoomPrice &&
    special.target === 'RoomPrice' &&
    REPLACING.includes(special.discount);
  const { units: planned, steps } = kind;
  return { special, matched: match.matched, units: planned, steps, replace, version: ledger.version };
}
