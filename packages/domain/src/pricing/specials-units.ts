import type { TDiscountKind, TSpecial } from './entities.ts';
import type { TRoomFacts } from './rules-facts.ts';
import type { TRuleMatch } from './rules-match.ts';

// The scope units a special counts and prices (docs/domain/specials.md): the booking, each qualifying
// person, or each occupied bed. Kinds that price single units (free units, the cheapest unit, a fixed
// unit price, free nights) count the room entries of a Booking-scope special: "a free cabin".

export type TUnit = {
  /** Line key suffix for one line per unit ("p2", "r1:bed3"). */
  key: string;
  /** The person a per-unit line belongs to (`line.customer`). */
  customer: string | null;
  roomKey: string | null;
  /** Persons whose shares make the unit; null: everybody. */
  persons: ReadonlySet<string> | null;
  /** Set when the unit is one person (Person scope, a bed per person). */
  person?: string;
  /** The unit takes 1/div of those shares (a bed of a cabin whose beds are not one per person). */
  div: number;
  /** Room entries the unit spans (its qualifying nights count for AbsoluteNights and FOC). */
  rooms: TRoomFacts[];
};

/** Every share of every line (the whole target). */
export const WHOLE: TUnit = {
  key: 'booking',
  customer: null,
  roomKey: null,
  persons: null,
  div: 1,
  rooms: [],
};

type TMatched = Extract<TRuleMatch, { ok: true }>;
const ROOM_UNIT_KINDS: readonly TDiscountKind[] = ['FOC', 'FOCUnit', 'Lowest', 'FixUnit'];

const personsOf = (room: TRoomFacts) => new Set(room.persons.map((p) => p.key));
const qualifies = (match: TMatched, key: string) => match.persons === null || match.persons.has(key);

function bookingUnits(special: TSpecial, match: TMatched): TUnit[] {
  if (ROOM_UNIT_KINDS.includes(special.discount)) {
    return match.rooms.map((room) => ({
      key: room.key,
      customer: null,
      roomKey: room.key,
      persons: personsOf(room),
      div: 1,
      rooms: [room],
    }));
  }
  const persons = match.allRooms ? null : new Set(match.rooms.flatMap((r) => r.persons.map((p) => p.key)));
  return [{ key: 'booking', customer: null, roomKey: null, persons, div: 1, rooms: match.rooms }];
}

function personUnits(match: TMatched): TUnit[] {
  const units: TUnit[] = [];
  for (const room of match.rooms)
    for (const p of room.persons) {
      if (!qualifies(match, p.key)) continue;
      const rooms = [room];
      units.push({
        key: p.key,
        customer: p.key,
        roomKey: room.key,
        persons: p.self,
        person: p.key,
        div: 1,
        rooms,
      });
    }
  return units;
}

/** One unit per occupied bed; where beds and persons differ, each bed is an equal share of the room. */
function bedUnits(match: TMatched): TUnit[] {
  const units: TUnit[] = [];
  for (const room of match.rooms) {
    const { persons, beds } = room;
    if (beds === persons.length) {
      units.push(...personUnits({ ...match, rooms: [room] }));
      continue;
    }
    const all = personsOf(room);
    for (let i = 0; i < beds; i++) {
      const person = persons[Math.min(i, persons.length - 1)];
      if (person && !qualifies(match, person.key)) continue;
      const customer = persons[i]?.key ?? null;
      units.push({
        key: `${room.key}:bed${i + 1}`,
        customer,
        roomKey: room.key,
        persons: all,
        div: beds,
        rooms: [room],
      });
    }
  }
  return units;
}

const built = new WeakMap<TMatched, TUnit[]>();

/** The units of a matching special (kept per match: a special is planned more than once). */
export function buildUnits(special: TSpecial, match: TMatched): TUnit[] {
  let units = built.get(match);
  if (!units) {
    if (special.scopeUnit === 'Person') units = personUnits(match);
    else if (special.scopeUnit === 'Bed') units = bedUnits(match);
    else units = bookingUnits(special, match);
    built.set(match, units);
  }
  return units;
}

/** Qualifying nights of a unit: the night rule's dates per room, else every night of its rooms. */
export function unitNights(unit: TUnit, match: TMatched): number {
  const dates = new Set<string>();
  for (const room of unit.rooms) {
    const allowed = match.nights?.get(room.key);
    for (const n of room.nights) if (!allowed || allowed.has(n.date)) dates.add(n.date);
  }
  return dates.size;
}
