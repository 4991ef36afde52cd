import type { TCalcLine, TPricingInput } from './engine-types.ts';
import { BILLABLE_LINE_TYPES, type TSpecial } from './entities.ts';
import type { TRuleFacts } from './rules-facts.ts';
import { allocate, toUnits } from './specials-money.ts';
import type { TUnit } from './specials-units.ts';

// The running values of the lines specials act on (docs/domain/specials.md), in micro-units. Each line
// splits into cells per person (a per-room line shared equally among its persons) and per night (its
// `nights`), and every special's effect lands on the cells it acted on, so a later special sees the
// remaining base of exactly its persons, beds and nights. Cells are made only when a special needs
// them: a line that only ever gets whole-line effects stays one number.

export type TLineState = {
  line: TCalcLine;
  /** Position among the input lines (a replaced room line is rewritten there). */
  index: number;
  roomKey: string | null;
  /** Person keys sharing the line equally; [''] when the booking has nobody. */
  owners: string[];
  /** Night dates of the line's breakdown; null: none (costs, products). */
  dates: string[] | null;
  /** The night values as given (weights of the split); null: equal. */
  weights: number[] | null;
  /** Person-major cells (owner o, night n at o × nights + n); null until needed. */
  cells: number[] | null;
  /** The line's current value: its total plus the effects of the specials applied so far. */
  cur: number;
  /** Effects that do not count for the commissionable base (docs/domain/tax-and-commission.md). */
  nonComm: number;
  /** replaceMatchingRoomPrice: the change rewritten into the line, and by which special. */
  replaced: number;
  replacedBy: number | null;
};

export type TNightSel = ReadonlyMap<string, ReadonlySet<string>> | null;

export type TLedger = {
  states: TLineState[];
  /** Bumped by every special applied: plans and measures made on an older version are stale. */
  version: number;
  categoryOf: ReadonlyMap<number | string, number>;
  targets: Map<string, TLineState[]>;
  bySpecial: Map<TSpecial, TLineState[]>;
};

const COUNTED = new Set<string>([...BILLABLE_LINE_TYPES, 'external']);

function ownersOf(line: TCalcLine, roomPersons: ReadonlyMap<string, string[]>, everybody: string[]) {
  if (line.customer) return [line.customer];
  if (line.customData.persons?.length) return [...line.customData.persons];
  const room = line.customData.roomKey ? roomPersons.get(line.customData.roomKey) : undefined;
  const owners = room ?? everybody;
  return owners.length ? owners : [''];
}

function roomOf(owners: string[], roomOfPerson: ReadonlyMap<string, string>): string | null {
  const rooms = new Set(owners.map((o) => roomOfPerson.get(o)));
  const [only] = rooms;
  return rooms.size === 1 && only ? only : null;
}

/** Room lines without a value per night (or not one per night of their room): each night line / n (docs/domain/specials.md, FOC). */
function nightsOf(line: TCalcLine, roomNights: ReadonlyMap<string, string[]>, roomKey: string | null) {
  const given = line.customData.nights;
  const room = roomKey ? roomNights.get(roomKey) : undefined;
  const fits = given?.length && (line.type !== 'room_cost' || !room?.length || given.length === room.length);
  if (given && fits) return { dates: given.map((n) => n.date), weights: given.map((n) => Number(n.value)) };
  if (line.type === 'room_cost' && room?.length) return { dates: room, weights: null };
  return { dates: null, weights: null };
}

/** Product categories by product id and by product line key (`product:<key>`, products.ts). */
function categoriesOf(input: TPricingInput): Map<number | string, number> {
  const out = new Map<number | string, number>();
  for (const p of input.products ?? []) {
    if (p.categoryId == null) continue;
    if (p.productId != null) out.set(p.productId, p.categoryId);
    out.set(p.key, p.categoryId);
  }
  return out;
}

export function createLedger(lines: readonly TCalcLine[], input: TPricingInput, facts: TRuleFacts): TLedger {
  const roomPersons = new Map(facts.rooms.map((r) => [r.key, r.persons.map((p) => p.key)]));
  const roomNights = new Map(facts.rooms.map((r) => [r.key, r.nights.map((n) => n.date)]));
  const roomOfPerson = new Map(facts.persons.map((p) => [p.key, p.roomKey]));
  const everybody = facts.persons.map((p) => p.key);
  const states: TLineState[] = [];
  lines.forEach((line, index) => {
    if (!COUNTED.has(line.type) || line.customerType === 'ForFree' || line.customerType === 'Info') return;
    const owners = ownersOf(line, roomPersons, everybody);
    const roomKey = line.customData.roomKey ?? roomOf(owners, roomOfPerson);
    const { dates, weights } = nightsOf(line, roomNights, roomKey);
    const cur = toUnits(line.total);
    states.push({
      line,
      index,
      roomKey,
      owners,
      dates,
      weights,
      cells: null,
      cur,
      nonComm: 0,
      replaced: 0,
      replacedBy: null,
    });
  });
  return { states, version: 0, categoryOf: categoriesOf(input), targets: new Map(), bySpecial: new Map() };
}

const productKey = (line: TCalcLine) => line.key.split(':')[1] ?? '';

function inTarget(
  s: TLineState,
  special: TSpecial,
  ids: ReadonlySet<number>,
  categoryOf: ReadonlyMap<number | string, number>,
) {
  const { type, customData: data } = s.line;
  const product = data.productId ?? null;
  switch (special.target) {
    case 'FullBooking':
      return type !== 'external';
    case 'RoomPrice':
      return type === 'room_cost';
    case 'Commissionable':
      if (type === 'room_cost' || (type === 'cost' && data.commissionable === true)) return true;
      return (
        type === 'special' &&
        (data.target === 'RoomPrice' || data.target === 'Commissionable') &&
        !data.excludeFromCommission
      );
    case 'Product':
      return type === 'product' && (ids.size === 0 || (product !== null && ids.has(product)));
    case 'ProductCategory':
      return type === 'product' && ids.has(categoryOf.get(product ?? productKey(s.line)) ?? Number.NaN);
    case 'External':
      return type === 'external';
    case 'Addon':
      return type === 'addon';
  }
}

const byOwner = new WeakMap<readonly TLineState[], Map<string, TLineState[]>>();

/** The lines of `targets` a unit may have a share in: a single person's own lines, else all. */
export function statesFor(targets: readonly TLineState[], unit: TUnit): readonly TLineState[] {
  if (unit.person === undefined) return targets;
  let index = byOwner.get(targets);
  if (!index) {
    index = new Map();
    for (const s of targets)
      for (const o of s.owners) {
        const list = index.get(o);
        if (list) list.push(s);
        else index.set(o, [s]);
      }
    byOwner.set(targets, index);
  }
  return index.get(unit.person) ?? NONE_STATES;
}
const NONE_STATES: readonly TLineState[] = [];

/** The lines of a special's target (docs/domain/specials.md), computed once per target. */
export function targetStates(ledger: TLedger, special: TSpecial): TLineState[] {
  const mine = ledger.bySpecial.get(special);
  if (mine) return mine;
  const ids = [...special.targetIds].sort((a, b) => a - b);
  const key = `${special.target}:${ids.join(',')}`;
  let found = ledger.targets.get(key);
  if (!found) {
    const set = new Set(ids);
    found = ledger.states.filter((s) => inTarget(s, special, set, ledger.categoryOf));
    ledger.targets.set(key, found);
  }
  ledger.bySpecial.set(special, found);
  return found;
}

// ─── Cells ────────────────────────────────────────────────────────────────────────────────────

const NONE: number[] = [];
/** [i] for each owner position, shared (read only). */
const singles: number[][] = [];
const single = (i: number) => {
  singles[i] ??= [i];
  return singles[i];
};

/** Owner positions a unit covers; null: all of them. */
function ownerIdx(s: TLineState, unit: TUnit): number[] | null {
  if (!unit.persons) return null;
  if (s.owners.length === 1) return unit.persons.has(s.owners[0] as string) ? null : NONE;
  if (unit.person !== undefined) {
    const i = s.owners.indexOf(unit.person);
    return i < 0 ? NONE : single(i);
  }
  const idx: number[] = [];
  for (let i = 0; i < s.owners.length; i++) if (unit.persons.has(s.owners[i] as string)) idx.push(i);
  return idx.length === s.owners.length ? null : idx;
}

/** Night positions qualifying; null: all. Lines without nights take no part in a night restriction. */
function nightIdx(s: TLineState, nights: TNightSel): number[] | null {
  if (!nights) return null;
  if (!s.dates) return NONE;
  const own = s.roomKey ? nights.get(s.roomKey) : undefined;
  const idx: number[] = [];
  for (let i = 0; i < s.dates.length; i++) {
    const date = s.dates[i] as string;
    if (own ? own.has(date) : !s.roomKey && anyHas(nights, date)) idx.push(i);
  }
  return idx.length === s.dates.length ? null : idx;
}

function anyHas(nights: ReadonlyMap<string, ReadonlySet<string>>, date: string): boolean {
  for (const set of nights.values()) if (set.has(date)) return true;
  return false;
}

/** Splits the current value into cells: over the nights by their values, each night equally over persons. */
function cellsOf(s: TLineState): number[] {
  if (s.cells) return s.cells;
  const m = s.dates?.length ?? 1;
  const k = s.owners.length;
  const nights = allocate(s.cur, s.weights ?? new Array(m).fill(1));
  const even = new Array(k).fill(1);
  const cells: number[] = new Array(k * m);
  for (let n = 0; n < m; n++) {
    const split = allocate(nights[n] as number, even);
    for (let o = 0; o < k; o++) cells[o * m + n] = split[o] as number;
  }
  s.cells = cells;
  return cells;
}

/** Which cells of a line a unit covers; `whole`: all of them. */
export type TSel = { own: number[] | null; nts: number[] | null; whole: boolean };
const WHOLE_SEL: TSel = { own: null, nts: null, whole: true };

/** The unit's cells of the line; null when it has no share in it. */
export function select(s: TLineState, unit: TUnit, nights: TNightSel): TSel | null {
  const own = ownerIdx(s, unit);
  if (own?.length === 0) return null;
  const nts = nightIdx(s, nights);
  if (nts?.length === 0) return null;
  return own || nts ? { own, nts, whole: false } : WHOLE_SEL;
}

function sumOf(s: TLineState, sel: TSel): number {
  if (sel.whole) return s.cur;
  const cells = cellsOf(s);
  const n = pick(s, sel);
  let sum = 0;
  for (let j = 0; j < n; j++) sum += cells[picked[j] as number] as number;
  return sum;
}

/** The raw value of the selected cells (comm: their commissionable part). */
export function selValue(s: TLineState, sel: TSel, comm: boolean): number {
  const value = sumOf(s, sel);
  if (!comm || s.nonComm === 0) return value;
  if (sel.whole) return s.cur - s.nonComm;
  return s.cur === 0 ? 0 : Math.round((value * (s.cur - s.nonComm)) / s.cur);
}

/** The unit's raw share of the line (before its 1/div), restricted to qualifying nights when given. */
export function shareOf(s: TLineState, unit: TUnit, nights: TNightSel, comm: boolean): number {
  const sel = select(s, unit, nights);
  return sel ? selValue(s, sel, comm) : 0;
}

/** Adds the unit's raw share of each night of the line to `into`, by date (FOC picks the cheapest). */
export function addNightShares(s: TLineState, unit: TUnit, into: Map<string, number>) {
  if (!s.dates) return;
  const own = ownerIdx(s, unit);
  if (own?.length === 0) return;
  const cells = cellsOf(s);
  const m = s.dates.length;
  const rows = own ? own.length : s.owners.length;
  for (let n = 0; n < m; n++) {
    let sum = 0;
    for (let r = 0; r < rows; r++) sum += cells[(own ? (own[r] as number) : r) * m + n] as number;
    const date = s.dates[n] as string;
    into.set(date, (into.get(date) ?? 0) + sum);
  }
}

/**
 * Adds `delta` to the selected cells of the line in proportion to their current values (all zero:
 * evenly), in place; the sum stays exact (see allocate: the few units left go to the first cells).
 */
export function addTo(s: TLineState, sel: TSel, delta: number) {
  if (delta === 0) return;
  s.cur += delta;
  if (sel.whole && !s.cells) return;
  const cells = cellsOf(s);
  const n = pick(s, sel);
  let weight = 0;
  for (let j = 0; j < n; j++) weight += Math.abs(cells[picked[j] as number] as number);
  const whole = Math.abs(delta);
  const sign = delta < 0 ? -1 : 1;
  let left = whole;
  for (let j = 0; j < n; j++) {
    const i = picked[j] as number;
    const part = Math.floor(weight === 0 ? whole / n : (whole * Math.abs(cells[i] as number)) / weight);
    cells[i] = (cells[i] as number) + sign * part;
    left -= part;
  }
  for (let j = 0; j < n && left > 0; j++) {
    const i = picked[j] as number;
    if (weight !== 0 && cells[i] === 0) continue;
    cells[i] = (cells[i] as number) + sign;
    left--;
  }
  // What no cell took (or, after float rounding, took too much) goes to the first one.
  if (left !== 0) cells[picked[0] as number] = (cells[picked[0] as number] as number) + sign * left;
}

/** Cell positions of a selection, written into `picked` (reused: no garbage per call). */
const picked: number[] = [];
function pick(s: TLineState, sel: TSel): number {
  const m = s.dates?.length ?? 1;
  const rows = sel.own ? sel.own.length : s.owners.length;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const base = (sel.own ? (sel.own[r] as number) : r) * m;
    if (sel.nts) for (const c of sel.nts) picked[n++] = base + c;
    else for (let c = 0; c < m; c++) picked[n++] = base + c;
  }
  return n;
}

/** Adds `delta` to the whole line. */
export const addToLine = (s: TLineState, delta: number) => addTo(s, WHOLE_SEL, delta);
