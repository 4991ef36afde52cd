import { UNKNOWN_SORT } from '../constants.ts';
import { D, fix2 } from './dec.ts';
import type { TCalcLine } from './engine-types.ts';
import { rawBase, type TPlan, type TUnitPlan, unitValue } from './specials-kinds.ts';
import {
  addTo,
  addToLine,
  select,
  selValue,
  statesFor,
  type TLedger,
  type TLineState,
  type TNightSel,
  type TSel,
  targetStates,
} from './specials-ledger.ts';
import { allocate, CENT, floorCents, fromUnits, roundCents, toUnits } from './specials-money.ts';
import type { TSpecialTexts } from './specials-texts.ts';
import { type TUnit, WHOLE } from './specials-units.ts';

// From a plan to lines (docs/domain/specials.md): one line per booking, per unique special, or per
// scope unit; each rounded to cents, a reduction floored so no target total goes below 0, a line of 0
// dropped. Committing records the effect on the ledger's cells, or rewrites the room lines of a
// replacing special.

export type TLineGroup = {
  key: string;
  customer: string | null;
  units: TUnitPlan[];
  /** Signed, whole cents, in micro-units. */
  amount: number;
  /** The floor that cut it, if one did. */
  cappedAt: number | null;
  /** A reduction: what each paying unit has left (its floor). */
  bases: number[] | null;
};

const paying = (units: readonly TUnitPlan[]) => units.filter((u) => u.amount > 0);

function groupUnits(plan: TPlan): Omit<TLineGroup, 'amount' | 'cappedAt' | 'bases'>[] {
  const { special } = plan;
  const key = `special:${special.id}`;
  if (special.scopeUnit === 'Booking' || special.unique) return [{ key, customer: null, units: plan.units }];
  return plan.units.map((u) => ({ key: `${key}:${u.unit.key}`, customer: u.unit.customer, units: [u] }));
}

/** The amount of each line the plan would produce now, rounded and floored (changes nothing). */
export function measure(ledger: TLedger, plan: TPlan): TLineGroup[] {
  const { special } = plan;
  const targets = targetStates(ledger, special);
  const comm = special.target === 'Commissionable';
  let remaining = special.reduce ? rawBase(targets, WHOLE, null, comm) : 0;
  return groupUnits(plan).map((g) => {
    const units = paying(g.units);
    let amount = roundCents(units.reduce((a, u) => a + u.amount, 0));
    let cappedAt: number | null = null;
    let bases: number[] | null = null;
    if (special.reduce && amount > 0) {
      const fresh = plan.version === ledger.version;
      bases = units.map((u) =>
        fresh && u.base !== undefined ? u.base : unitValue(rawBase(targets, u.unit, u.nights, comm), u.unit),
      );
      const here = bases.reduce((a, b) => a + b, 0);
      const cap = floorCents(Math.max(0, Math.min(here, remaining)));
      if (amount > cap) [amount, cappedAt] = [cap, cap];
      remaining -= amount;
    }
    return {
      key: g.key,
      customer: g.customer,
      units: g.units,
      amount: special.reduce ? -amount : amount,
      cappedAt,
      bases,
    };
  });
}

const countsForCommission = (plan: TPlan) =>
  (plan.special.target === 'RoomPrice' || plan.special.target === 'Commissionable') &&
  !plan.special.excludeFromCommission;

type TOpts = { comm: boolean; nonComm: boolean; replaced: Map<TLineState, number> | null };

/** Lays `delta` on the unit's cells of the target lines, in proportion to them (none: evenly). */
function distribute(
  targets: readonly TLineState[],
  u: { unit: TUnit; nights: TNightSel },
  delta: number,
  opts: TOpts,
) {
  const states: TLineState[] = [];
  const sels: TSel[] = [];
  const values: number[] = [];
  for (const s of statesFor(targets, u.unit)) {
    const sel = select(s, u.unit, u.nights);
    if (!sel) continue;
    states.push(s);
    sels.push(sel);
    values.push(selValue(s, sel, opts.comm));
  }
  const parts = allocate(delta, values);
  for (let i = 0; i < states.length; i++) {
    const s = states[i] as TLineState;
    const d = parts[i] as number;
    if (d === 0) continue;
    addTo(s, sels[i] as TSel, d);
    if (opts.nonComm) s.nonComm += d;
    if (opts.replaced) opts.replaced.set(s, (opts.replaced.get(s) ?? 0) + d);
  }
}

/**
 * Rewritten room lines change by whole cents that add up to the special's amount exactly: each line
 * its share cut to cents, the cents left to the largest remainders. A reduction never takes a rewritten
 * line below 0; a cent that fits nowhere is not taken. The ledger follows the cents.
 */
function settleReplaced(replaced: Map<TLineState, number>, specialId: number): number {
  const states = [...replaced.keys()];
  const shares = states.map((s) => replaced.get(s) ?? 0);
  const total = shares.reduce((a, d) => a + d, 0);
  const sign = total < 0 ? -1 : 1;
  const limit = states.map((s) =>
    sign < 0 ? Math.trunc((toUnits(s.line.total) + s.replaced) / CENT) : Number.POSITIVE_INFINITY,
  );
  const whole = shares.map((d, i) => Math.min(Math.trunc(Math.abs(d) / CENT), limit[i] as number));
  let left = Math.round(Math.abs(total) / CENT) - whole.reduce((a, c) => a + c, 0);
  const byRest = states.map((_, i) => i).sort((x, y) => restOf(shares[y]) - restOf(shares[x]) || x - y);
  for (const i of byRest) {
    if (left <= 0) break;
    if ((whole[i] as number) >= (limit[i] as number) || restOf(shares[i]) === 0) continue;
    whole[i] = (whole[i] as number) + 1;
    left--;
  }
  let settled = 0;
  states.forEach((s, i) => {
    const cents = sign * (whole[i] as number) * CENT;
    if (cents !== shares[i]) addToLine(s, cents - (shares[i] as number));
    s.replaced += cents;
    s.replacedBy = specialId;
    settled += cents;
  });
  return settled;
}

const restOf = (d: number | undefined) => Math.abs(d ?? 0) % CENT;

/**
 * A line's amount split over its units by their planned amounts; a reduction takes no unit below 0
 * (planned on the stage's base, a unit may have less left now): the excess goes to units with room.
 */
function unitParts(g: TLineGroup, units: TUnitPlan[]) {
  const parts = allocate(
    g.amount,
    units.map((u) => u.amount),
  );
  const room = g.bases;
  if (!room || units.length === 1) return parts;
  let excess = 0;
  parts.forEach((p, i) => {
    const over = -p - Math.max(0, room[i] as number);
    if (over > 0) [parts[i], excess] = [p + over, excess + over];
  });
  for (let i = 0; i < parts.length && excess > 0; i++) {
    const take = Math.min(excess, Math.max(0, (room[i] as number) + (parts[i] as number)));
    [parts[i], excess] = [(parts[i] as number) - take, excess - take];
  }
  return parts;
}

/** Applies the measured groups: the ledger takes their effect; returns the lines and the signed total. */
export function commit(
  ledger: TLedger,
  plan: TPlan,
  groups: readonly TLineGroup[],
  t: TSpecialTexts,
  suffix = '',
): { lines: TCalcLine[]; amount: number } {
  const targets = targetStates(ledger, plan.special);
  const replaced = plan.replace ? new Map<TLineState, number>() : null;
  const comm = plan.special.target === 'Commissionable';
  const opts = { comm, nonComm: !replaced && !countsForCommission(plan), replaced };
  const lines: TCalcLine[] = [];
  let amount = 0;
  for (const g of groups) {
    if (g.amount === 0) continue;
    const units = paying(g.units);
    const parts = unitParts(g, units);
    units.forEach((u, i) => {
      distribute(targets, u, parts[i] as number, opts);
    });
    amount += g.amount;
    if (!replaced) lines.push(specialLine(plan, g, t, suffix));
  }
  if (replaced) amount = settleReplaced(replaced, plan.special.id);
  ledger.version++;
  return { lines, amount };
}

/** The persons a line covers, when its units name them. */
function personsOf(units: TUnitPlan[]): string[] | null {
  const out: string[] = [];
  for (const u of units) {
    if (!u.unit.persons) return null;
    if (u.unit.person !== undefined) out.push(u.unit.person);
    else for (const p of u.unit.persons) out.push(p);
  }
  return units.length === 1 ? out : [...new Set(out)].sort();
}

function specialLine(plan: TPlan, g: TLineGroup, t: TSpecialTexts, suffix: string): TCalcLine {
  const { special } = plan;
  const price = fromUnits(g.amount);
  const units = paying(g.units);
  const persons = personsOf(units);
  const room = units[0]?.unit.rooms.length === 1 ? units[0].unit.rooms[0]?.key : undefined;
  const oneRoom =
    room !== undefined && units.every((u) => u.unit.rooms.length === 1 && u.unit.rooms[0]?.key === room);
  const customData: TCalcLine['customData'] = {
    generator: 'special',
    specialId: special.id,
    target: special.target,
    rules: plan.matched,
    excludeFromTax: special.excludeFromTax,
    excludeFromCommission: special.excludeFromCommission,
    steps: g.cappedAt === null ? plan.steps : [...plan.steps, t.capped(fromUnits(g.cappedAt))],
  };
  if (persons) customData.persons = persons;
  if (oneRoom) customData.roomKey = room;
  return {
    key: `${g.key}${suffix}`,
    type: 'special',
    text: special.name,
    sort: UNKNOWN_SORT,
    amount: '1',
    price,
    total: price,
    customerType: 'None',
    customer: g.customer,
    editable: special.editable,
    deletable: special.deletable,
    unique: special.unique,
    customData,
  };
}

/** A line value as amount × price: the price keeps the amount when it divides to cents, else amount 1. */
function priced(line: TCalcLine, total: string): { amount: string; price: string } {
  const amount = new D(line.amount);
  if (amount.equals(1) || amount.isZero()) return { amount: line.amount, price: total };
  const price = new D(total).div(amount);
  return price.decimalPlaces() <= 2
    ? { amount: line.amount, price: fix2(price) }
    : { amount: '1', price: total };
}

/** Room lines of replacing specials rewritten to their new value (docs/domain/specials.md Replacement). */
export function rewriteReplaced(
  lines: readonly TCalcLine[],
  ledger: TLedger,
  names: ReadonlyMap<number, string>,
  t: TSpecialTexts,
): TCalcLine[] {
  const out = [...lines];
  for (const s of ledger.states) {
    if (s.replacedBy === null) continue;
    const old = s.line;
    const before = toUnits(old.total);
    const total = fromUnits(before + s.replaced);
    const ratio = before === 0 ? null : new D(before + s.replaced).div(before);
    const nights = old.customData.nights?.map((n) => ({
      ...n,
      value: ratio ? new D(n.value).times(ratio).toFixed() : n.value,
    }));
    out[s.index] = {
      ...old,
      ...priced(old, total),
      total,
      customData: {
        ...old.customData,
        ...(nights ? { nights } : {}),
        replacedBy: s.replacedBy,
        originalPrice: old.customData.originalPrice ?? old.price,
        steps: [...(old.customData.steps ?? []), t.replaced(names.get(s.replacedBy) ?? `#${s.replacedBy}`)],
      },
    };
  }
  return out;
}
