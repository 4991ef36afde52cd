import type { TCreateBooking, TWritableState } from '@atoll/domain/bookings';
import type { TRoomAvailability } from '@atoll/domain/inventory/availability';
import type { TSimulateRequest } from '@atoll/domain/pricing/engine-types';

export type TGender = 'm' | 'f' | 'u';
/** A guest: a customer record (name, gender, age from it) or a placeholder. */
export type TWizardGuest = { customerId: number | null; name: string; gender: TGender; age: number | null };
/** A chosen room or cabin; `whole: false` books berths of a shared cabin. */
export type TWizardRoom = {
  roomId: number;
  roomName: string;
  roomTypeId: number | null;
  whole: boolean;
  guests: TWizardGuest[];
};

export type TWizard = {
  step: number;
  kind: 'resort' | 'vessel';
  assetId: number | null;
  month: string;
  scheduleId: number | null;
  from: string;
  to: string;
  rooms: TWizardRoom[];
  /** A full charter: `rooms` are every cabin of the departure, the server seats the guests in cabin order. */
  charter: boolean;
  agencyId: number | null;
  /** The booking's customer chosen on the last step; null: the first guest who is a customer. */
  customerId: number | null;
  /** Booked without any customer record: the office says so explicitly. */
  walkIn: boolean;
  language: 'de' | 'en';
  note: string;
};

export type TWizardAction =
  | { type: 'step'; step: number }
  | { type: 'asset'; kind: 'resort' | 'vessel'; assetId: number | null }
  | { type: 'month'; month: string }
  | { type: 'departure'; scheduleId: number | null; from: string; to: string }
  | { type: 'dates'; from: string; to: string }
  /** `pax`: the guests a newly chosen room starts with (its type's default, within its free beds). */
  | { type: 'toggleRoom'; room: TRoomAvailability; whole: boolean; pax?: number }
  | { type: 'roomPax'; roomId: number; pax: number }
  | { type: 'roomWhole'; roomId: number; whole: boolean }
  | { type: 'guest'; roomId: number; index: number; guest: TWizardGuest }
  | { type: 'keepRooms'; roomIds: number[] }
  /** Full charter on (all cabins, `pax` guests seated in cabin order) or off (`cabins: null`). */
  | { type: 'charter'; cabins: TRoomAvailability[] | null; pax: number }
  | {
      type: 'finish';
      patch: Partial<Pick<TWizard, 'agencyId' | 'customerId' | 'walkIn' | 'language' | 'note'>>;
    };

export const STEPS = ['asset', 'dates', 'rooms', 'guests', 'price', 'finish'] as const;
export const emptyGuest = (): TWizardGuest => ({ customerId: null, name: '', gender: 'u', age: null });

export function initialWizard(kind: 'resort' | 'vessel', language: 'de' | 'en'): TWizard {
  return {
    step: 0,
    kind,
    assetId: null,
    month: '',
    scheduleId: null,
    from: '',
    to: '',
    rooms: [],
    charter: false,
    agencyId: null,
    customerId: null,
    walkIn: false,
    language,
    note: '',
  };
}

const resize = (guests: TWizardGuest[], pax: number) =>
  Array.from({ length: pax }, (_, i) => guests[i] ?? emptyGuest());

/** One reducer holds the whole draft; a new asset or new dates drop the chosen rooms. */
export function wizardReducer(state: TWizard, action: TWizardAction): TWizard {
  switch (action.type) {
    case 'step':
      return { ...state, step: action.step };
    case 'asset':
      return { ...initialWizard(action.kind, state.language), assetId: action.assetId };
    case 'month':
      return { ...state, month: action.month, scheduleId: null, from: '', to: '', rooms: [], charter: false };
    case 'departure':
      return {
        ...state,
        scheduleId: action.scheduleId,
        from: action.from,
        to: action.to,
        rooms: [],
        charter: false,
      };
    case 'dates':
      return { ...state, from: action.from, to: action.to, rooms: [] };
    case 'toggleRoom': {
      const { room } = action;
      if (state.rooms.some((r) => r.roomId === room.id))
        return { ...state, rooms: state.rooms.filter((r) => r.roomId !== room.id) };
      const entry: TWizardRoom = {
        roomId: room.id,
        roomName: room.name,
        roomTypeId: room.roomTypeId,
        whole: action.whole,
        guests: resize([], Math.max(1, action.pax ?? 1)),
      };
      return { ...state, rooms: [...state.rooms, entry] };
    }
    case 'roomPax':
      return {
        ...state,
        rooms: state.rooms.map((r) =>
          r.roomId === action.roomId ? { ...r, guests: resize(r.guests, action.pax) } : r,
        ),
      };
    case 'roomWhole':
      return {
        ...state,
        rooms: state.rooms.map((r) => (r.roomId === action.roomId ? { ...r, whole: action.whole } : r)),
      };
    case 'guest':
      return {
        ...state,
        rooms: state.rooms.map((r) =>
          r.roomId === action.roomId
            ? { ...r, guests: r.guests.map((g, i) => (i === action.index ? action.guest : g)) }
            : r,
        ),
      };
    case 'keepRooms': {
      const rooms = state.rooms.filter((r) => action.roomIds.includes(r.roomId));
      if (rooms.length === state.rooms.length) return state;
      // A charter needs every cabin: one taken meanwhile ends it.
      return state.charter ? { ...state, rooms: [], charter: false } : { ...state, rooms };
    }
    case 'charter':
      return action.cabins
        ? { ...state, charter: true, rooms: charterRooms(action.cabins, action.pax, state.rooms) }
        : { ...state, charter: false, rooms: [] };
    case 'finish':
      return { ...state, ...action.patch };
  }
}

/** Every cabin whole, `pax` guests seated in cabin order up to each cabin's beds (as the server seats them). */
function charterRooms(cabins: TRoomAvailability[], pax: number, before: TWizardRoom[]): TWizardRoom[] {
  const known = before.flatMap((r) => r.guests);
  let seated = 0;
  return cabins.map((room) => {
    const count = Math.max(0, Math.min(charterBeds(room), pax - seated));
    const guests = known.slice(seated, seated + count);
    seated += count;
    return {
      roomId: room.id,
      roomName: room.name,
      roomTypeId: room.roomTypeId,
      whole: true,
      guests: resize(guests, count),
    };
  });
}

/** The guests a chartered cabin takes: all its beds. */
export const charterBeds = (room: TRoomAvailability) => room.beds.length || maxPax(room);

/** Nights between two ISO dates (0 when not a valid stay). */
export function nightsBetween(from: string, to: string): number {
  if (!from || !to || to <= from) return 0;
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

/** The most guests a room takes: its free beds (a whole room: all its beds). */
export const maxPax = (room: TRoomAvailability) => Math.max(1, room.freeBeds);

/** The guests a room holds as chosen: a whole room all its beds, berths the free ones. */
export const roomCapacity = (room: TRoomAvailability, whole: boolean) =>
  Math.max(1, whole ? room.beds.length || maxPax(room) : room.freeBeds);

/** The guests a newly chosen room starts with: its type's default number, within what it holds. */
export const defaultPax = (room: TRoomAvailability, whole: boolean, typeDefault: number | undefined) =>
  Math.min(Math.max(1, typeDefault ?? 1), roomCapacity(room, whole));

/** The booking's customer: the one chosen, else the first guest who is a customer. */
export const bookerOf = (s: TWizard): number | null =>
  s.customerId ?? s.rooms.flatMap((r) => r.guests).find((g) => g.customerId !== null)?.customerId ?? null;

/** A booking names its customer, is an agency's, or is marked as a walk-in guest's. */
export const hasBooker = (s: TWizard) => s.walkIn || s.agencyId !== null || bookerOf(s) !== null;

export const guestDone = (g: TWizardGuest) => g.customerId !== null || g.name.trim() !== '';

/** Whether the step's input is complete, so the next step may open. */
export function stepReady(state: TWizard, step: number): boolean {
  switch (STEPS[step]) {
    case 'asset':
      return state.assetId !== null && (state.kind === 'resort' || state.scheduleId !== null);
    case 'dates':
      return nightsBetween(state.from, state.to) > 0;
    case 'rooms':
      return state.rooms.length > 0;
    case 'guests':
      return state.rooms.every((r) => r.guests.every(guestDone));
    default:
      return true;
  }
}

const stay = (s: TWizard) =>
  s.kind === 'resort' ? { from: s.from, to: s.to } : { scheduleId: s.scheduleId };

export function toSimulateRequest(s: TWizard, currency: string): Partial<TSimulateRequest> {
  return {
    ...(s.kind === 'resort' ? { resortId: s.assetId } : { vesselId: s.assetId }),
    ...stay(s),
    rooms: s.rooms.flatMap((r) =>
      r.roomTypeId === null
        ? []
        : [
            {
              roomTypeId: r.roomTypeId,
              roomId: r.roomId,
              persons: r.guests.map((g) => ({ customerId: g.customerId, age: g.age, gender: g.gender })),
            },
          ],
    ),
    agencyId: s.agencyId,
    channel: 'Booking',
    currency,
    language: s.language,
  };
}

/**
 * The price of one room or cabin of a type for its default guests over the wizard's stay: what the rooms step
 * shows beside each type ("for 2 guests"), priced as the booking would be (channel, agency, currency).
 */
export function typePriceRequest(
  s: TWizard,
  roomTypeId: number,
  pax: number,
  currency: string,
): Partial<TSimulateRequest> {
  const persons = Array.from({ length: Math.max(1, pax) }, () => ({ gender: 'u' as const }));
  return {
    ...toSimulateRequest({ ...s, rooms: [] }, currency),
    rooms: [{ roomTypeId, roomId: null, persons }],
  };
}

const guestInput = (g: TWizardGuest) =>
  g.customerId !== null
    ? { customerId: g.customerId }
    : { name: g.name.trim(), gender: g.gender, age: g.age };

export function toCreateBooking(s: TWizard, state: TWritableState): Partial<TCreateBooking> {
  const common = {
    state,
    language: s.language,
    agencyId: s.agencyId,
    ...(s.customerId !== null ? { customerId: s.customerId } : {}),
    note: s.note.trim() || null,
  };
  if (s.charter && s.scheduleId !== null)
    return {
      ...common,
      fullCharter: { scheduleId: s.scheduleId, guests: s.rooms.flatMap((r) => r.guests.map(guestInput)) },
    };
  return {
    ...common,
    rooms: s.rooms.map((r) => ({
      roomId: r.roomId,
      ...stay(s),
      whole: r.whole,
      guests: r.guests.map(guestInput),
    })),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `?vessel=&schedule=&from=&to=` (the trip calendar's link): the wizard starts on that departure;
 * `?resort=` (with `from` and `to`): on that resort and stay. With `room` (a free cell of a calendar) it
 * opens on the rooms step.
 */
export function startedOn(state: TWizard, query: URLSearchParams): TWizard {
  const vessel = Number(query.get('vessel'));
  const schedule = Number(query.get('schedule'));
  const resort = Number(query.get('resort'));
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  const dates = ISO_DATE.test(from) && ISO_DATE.test(to) && to > from;
  const step = Number(query.get('room')) > 0 && dates ? STEPS.indexOf('rooms') : 0;
  if (vessel > 0 && schedule > 0 && dates)
    return {
      ...state,
      kind: 'vessel',
      assetId: vessel,
      scheduleId: schedule,
      month: from.slice(0, 7),
      from,
      to,
      step,
    };
  if (resort > 0 && state.kind === 'resort')
    return { ...state, assetId: resort, ...(dates ? { from, to, step } : {}) };
  return state;
}
