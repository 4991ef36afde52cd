import { addDays } from '@atoll/domain/customers';
import type { TSimulateRequest } from '@atoll/domain/pricing/engine-types';
import type { TBookingChannel } from '@atoll/domain/pricing/entities';
import { type TLang, todayIso } from '../../../components/pricing/format.ts';

export type TGender = 'm' | 'f' | 'u';
export type TSimPerson = { key: string; age: number | ''; gender: TGender; nationality: string | null };
export type TSimRoom = { key: string; roomTypeId: string; persons: TSimPerson[] };
export type TAssetKind = 'resort' | 'vessel';

/** The simulator's inputs as the screen holds them: ids as strings, '' for none. */
export type TSimForm = {
  asset: TAssetKind;
  resortId: string;
  from: string;
  to: string;
  vesselId: string;
  scheduleId: string;
  rooms: TSimRoom[];
  agencyId: string;
  channel: TBookingChannel;
  bookingDate: string;
  currency: string;
};

/** The request as sent: the currency may be left to the server's default. */
export type TSimulateBody = Omit<TSimulateRequest, 'currency'> & { currency?: string };

let nextKey = 0;
const key = (prefix: string) => `${prefix}-${++nextKey}`;

export const newPerson = (): TSimPerson => ({ key: key('p'), age: '', gender: 'u', nationality: null });
export const newRoom = (roomTypeId = ''): TSimRoom => ({
  key: key('r'),
  roomTypeId,
  persons: [newPerson(), newPerson()],
});

/** A stay of a week a month from now, two adults in one room, booked today. */
export function newSimForm(today = todayIso()): TSimForm {
  const from = addDays(today, 30);
  return {
    asset: 'resort',
    resortId: '',
    from,
    to: addDays(from, 7),
    vesselId: '',
    scheduleId: '',
    rooms: [newRoom()],
    agencyId: '',
    channel: 'Booking',
    bookingDate: today,
    currency: '',
  };
}

/** The fields still missing before the draft can be priced, by form field name. */
export function missingSimFields(form: TSimForm): string[] {
  const missing: string[] = [];
  if (form.asset === 'resort') {
    if (!form.resortId) missing.push('resortId');
    if (!form.from) missing.push('from');
    if (!form.to || (form.from && form.to <= form.from)) missing.push('to');
  } else {
    if (!form.vesselId) missing.push('vesselId');
    if (!form.scheduleId) missing.push('scheduleId');
  }
  form.rooms.forEach((room, index) => {
    if (!room.roomTypeId) missing.push(`rooms.${index}.roomTypeId`);
  });
  return missing;
}

const idOf = (text: string) => (text ? Number(text) : null);

/** The `POST /api/price/simulate` body of the form. */
export function toSimulateBody(form: TSimForm, language: TLang): TSimulateBody {
  const isResort = form.asset === 'resort';
  return {
    resortId: isResort ? idOf(form.resortId) : null,
    vesselId: isResort ? null : idOf(form.vesselId),
    from: isResort ? form.from : null,
    to: isResort ? form.to : null,
    scheduleId: isResort ? null : idOf(form.scheduleId),
    rooms: form.rooms.map((room) => ({
      roomTypeId: Number(room.roomTypeId),
      persons: room.persons.map((p) => ({
        age: p.age === '' ? null : p.age,
        gender: p.gender,
        nationality: p.nationality,
      })),
    })),
    agencyId: idOf(form.agencyId),
    channel: form.channel,
    bookingDate: form.bookingDate || null,
    ...(form.currency ? { currency: form.currency } : {}),
    language,
  };
}

/** Days from the booking date to arrival, as DaysBeforeTravelDate reads them; null when unknown. */
export function daysBefore(form: Pick<TSimForm, 'bookingDate' | 'from'>): number | null {
  if (!form.bookingDate || !form.from) return null;
  const ms = Date.parse(`${form.from}T00:00:00Z`) - Date.parse(`${form.bookingDate}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.round(ms / 86_400_000) : null;
}
