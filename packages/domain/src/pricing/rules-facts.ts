import { daysBetween } from './dates.ts';
import type { TPricingInput, TPricingPerson, TPricingRoom } from './engine-types.ts';
import type { TRuleField } from './entities.ts';
import type { TRuleActual } from './rules.ts';

// What the rule fields of docs/domain/specials.md look at, computed once per calculation: the booking's
// values, each room entry's, each night's and each person's.

export type TFactValues = Partial<Record<TRuleField, TRuleActual>>;

export type TPersonFacts = {
  key: string;
  roomKey: string;
  values: TFactValues;
  /** {key}: the person as a set, made once (Person-scope units use it). */
  self: ReadonlySet<string>;
};
export type TNightFacts = { readonly date: string; readonly values: Readonly<TFactValues> };
export type TRoomFacts = {
  key: string;
  room: TPricingRoom;
  values: TFactValues;
  nights: readonly TNightFacts[];
  persons: TPersonFacts[];
  /** Occupied beds (Bed scope): `room.beds`, default the persons. */
  beds: number;
};
export type TRuleFacts = {
  /** Booking-level values; SpecialsGroup is not here: it changes while specials are applied. */
  booking: TFactValues;
  rooms: TRoomFacts[];
  persons: TPersonFacts[];
  /** First person of the first room: person rules of a Booking-scope special test this one. */
  lead: TPersonFacts | null;
};

export type TFactsWindow = { from: string; to: string; nights: number };

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export const weekday = (day: string): number => {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** One value for the booking: none, the single value, or the set when rooms differ (schedules). */
function distinct(values: readonly (number | null | undefined)[]): TRuleActual {
  const set = [...new Set(values.filter((v): v is number => v !== null && v !== undefined))];
  if (set.length === 0) return null;
  return set.length === 1 ? (set[0] as number) : set;
}

function bookingFacts(input: TPricingInput, window: TFactsWindow, pax: number): TFactValues {
  const t = input.evaluationDate.slice(0, 10);
  return {
    NoOfPax: pax,
    NoOfPaxOnTrip: input.paxOnTrip ?? pax,
    DepartureDay: weekday(window.from),
    DaysBeforeTravelDate: daysBetween(t, window.from),
    BookingDate: t,
    Bookings: input.bookingId ?? null,
    Resort: input.resortId ?? null,
    Vessel: input.vesselId ?? null,
    Itineraries: distinct(input.rooms.map((r) => r.tourId)),
    Agencies: input.agency?.id ?? null,
    BookingSource: input.sourceId ?? null,
    Nights: window.nights,
    Schedules: distinct(input.rooms.map((r) => r.scheduleId)),
  };
}

function personFacts(person: TPricingPerson, roomKey: string, from: string): TPersonFacts {
  const upper = (v: string | null | undefined) => (v ? v.trim().toUpperCase() : null);
  return {
    key: person.key,
    roomKey,
    self: new Set([person.key]),
    values: {
      CustomerType: person.customerType ?? null,
      Customers: person.customerId ?? null,
      Age: person.age ?? null,
      PassportCountry: upper(person.nationality),
      AddressCountry: upper(person.addressCountry),
      LastStay: person.lastStayEnd ? daysBetween(person.lastStayEnd.slice(0, 10), from) : null,
      NoOfStays: person.noOfStays ?? 0,
      StayRevenue: person.stayRevenue ?? '0',
    },
  };
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
const monthDays = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** The dates `[from, from + count)`, counted on without a Date per day. */
export function datesFrom(from: string, count: number): string[] {
  let [y, m, d] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${y}-${pad(m)}-${pad(d)}`);
    d++;
    if (d > monthDays(y, m)) [d, m] = [1, m + 1];
    if (m > 12) [m, y] = [1, y + 1];
  }
  return out;
}

/** Night facts of a stay, kept for stays seen before (read only; the cache is bounded). */
const nightCache = new Map<string, readonly TNightFacts[]>();

/** Each night `[from, to)`; for vessels the Date rule reads the schedule's start (docs/domain/specials.md). */
function nightFacts(room: TPricingRoom, isVessel: boolean): readonly TNightFacts[] {
  const key = `${room.from}|${room.to}|${isVessel}`;
  const cached = nightCache.get(key);
  if (cached) return cached;
  const dates = datesFrom(room.from, Math.max(0, daysBetween(room.from, room.to)));
  const first = weekday(room.from);
  const start = room.from.slice(0, 10);
  const nights = dates.map((date, i) => ({
    date,
    values: { Date: isVessel ? start : date, DayInWeek: ((first - 1 + i) % 7) + 1 },
  }));
  if (nightCache.size >= 1000) nightCache.clear();
  nightCache.set(key, nights);
  return nights;
}

export function buildFacts(input: TPricingInput, window: TFactsWindow): TRuleFacts {
  const rooms = input.rooms.map((room): TRoomFacts => {
    const isVessel = room.scheduleId != null || input.vesselId != null;
    return {
      key: room.key,
      room,
      values: { NoOfPaxInDoubleRoom: room.persons.length, RoomType: room.roomTypeId },
      nights: nightFacts(room, isVessel),
      persons: room.persons.map((p) => personFacts(p, room.key, window.from)),
      beds: room.beds ?? room.persons.length,
    };
  });
  const persons = rooms.flatMap((r) => r.persons);
  return {
    booking: bookingFacts(input, window, persons.length),
    rooms,
    persons,
    lead: rooms[0]?.persons[0] ?? null,
  };
}
