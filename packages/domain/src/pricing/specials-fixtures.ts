import { nightsOf } from '../inventory/availability.ts';
import { daysBetween } from './dates.ts';
import { D, fix2 } from './dec.ts';
import type { TCalcLine, TPricingInput, TPricingPerson, TPricingRoom } from './engine-types.ts';
import type { TSpecial, TSpecialRule } from './entities.ts';
import { applySpecials, type TSpecialsResult } from './specials.ts';

// Builders for the specials tests: lines made by hand (room lines with their nights), so the specials
// engine is tested on its own, apart from the price engine.

const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

export const rule = (
  field: TSpecialRule['field'],
  operator: TSpecialRule['operator'],
  value: TSpecialRule['value'],
): TSpecialRule => ({ field, operator, value });

export function special(id: number, over: Partial<TSpecial> = {}): TSpecial {
  return {
    id,
    name: `Special ${id}`,
    description: {},
    type: 'special',
    status: 'confirmed',
    dateFrom: null,
    dateTo: null,
    rules: [],
    discount: 'PerCent',
    discountValue: '10',
    reduce: true,
    target: 'RoomPrice',
    targetIds: [],
    scopeUnit: 'Booking',
    autoAdd: true,
    unique: true,
    replaceMatchingRoomPrice: false,
    includeSpecialsWithSameRule: false,
    excludeFromCommission: false,
    excludeFromTax: false,
    includeIn: ['Booking'],
    editable: true,
    deletable: true,
    groupId: null,
    sort: 0,
    ...stamps,
    ...over,
  };
}

export const person = (key: string, over: Partial<TPricingPerson> = {}): TPricingPerson => ({ key, ...over });

export function room(key: string, persons: TPricingPerson[], over: Partial<TPricingRoom> = {}): TPricingRoom {
  return { key, roomTypeId: 1, from: '2026-06-01', to: '2026-06-15', persons, ...over };
}

export function input(rooms: TPricingRoom[], over: Partial<TPricingInput> = {}): TPricingInput {
  return {
    resortId: 1,
    vesselId: null,
    channel: 'Booking',
    evaluationDate: '2026-02-01',
    rateDate: '2026-02-01',
    currency: 'EUR',
    baseCurrency: 'EUR',
    rates: [],
    rooms,
    prices: [],
    variants: [],
    supplements: [],
    roomTypes: [],
    specials: [],
    commissions: [],
    termsList: [],
    language: 'en',
    ...over,
  };
}

type TLineOver = Partial<Omit<TCalcLine, 'customData'>> & { customData?: Partial<TCalcLine['customData']> };

/** A plain line of `total` (amount 1). */
export function line(key: string, type: TCalcLine['type'], total: string, over: TLineOver = {}): TCalcLine {
  const { customData, ...rest } = over;
  return {
    key,
    type,
    text: key,
    sort: 9999,
    amount: '1',
    price: total,
    total,
    customerType: 'None',
    customer: null,
    editable: true,
    deletable: true,
    unique: true,
    ...rest,
    customData: { generator: type === 'room_cost' ? 'room' : 'product', ...customData },
  };
}

/**
 * A room_cost line for a room entry (or one person of it): `perNight` is one value for every night or
 * one per night. Each night's share is written unrounded, as the price engine does.
 */
export function roomLine(r: TPricingRoom, perNight: string | string[], personKey?: string): TCalcLine {
  const dates = nightsOf(r.from, r.to);
  const values = dates.map((_, i) => (Array.isArray(perNight) ? (perNight[i] ?? '0') : perNight));
  const sum = values.reduce((a, v) => a.plus(v), new D(0));
  const total = fix2(sum);
  return line(personKey ? `room:${r.key}:${personKey}` : `room:${r.key}`, 'room_cost', total, {
    customer: personKey ?? null,
    deletable: false,
    customData: {
      generator: 'room',
      roomKey: r.key,
      priceId: 1,
      nights: dates.map((date, i) => ({ date, value: values[i] ?? '0', priceId: 1 })),
      persons: personKey ? [personKey] : r.persons.map((p) => p.key),
    },
  });
}

/** One room_cost line per person of the room (per-person variants), each `perNight` a night. */
export const personLines = (r: TPricingRoom, perNight: string | string[]) =>
  r.persons.map((p) => roomLine(r, perNight, p.key));

/** Runs the specials engine on hand-made lines. */
export function run(draft: TPricingInput, lines: TCalcLine[]): TSpecialsResult {
  const from = draft.rooms.reduce((a, r) => (r.from < a ? r.from : a), draft.rooms[0]?.from ?? '2026-06-01');
  const to = draft.rooms.reduce((a, r) => (r.to > a ? r.to : a), draft.rooms[0]?.to ?? from);
  return applySpecials({ input: draft, from, to, nights: Math.max(0, daysBetween(from, to)) }, lines);
}

/** The special lines of a result. */
export const specialLines = (result: TSpecialsResult) => result.lines.filter((l) => l.type === 'special');
export const whyOf = (result: TSpecialsResult, id: number) => result.why.find((w) => w.specialId === id);
/** Σ line totals of the given types. */
export const totalOf = (lines: readonly TCalcLine[], types: readonly TCalcLine['type'][]) =>
  fix2(lines.filter((l) => types.includes(l.type)).reduce((a, l) => a.plus(l.total), new D(0)));
