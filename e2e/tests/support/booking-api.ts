import { type APIRequestContext, expect } from '@playwright/test';

// Journeys that need data first set it up through the API as one of the demo users: `apiAs` gives JSON
// get/post with that user's token, `confirmedCabinBooking` books a whole free cabin on the demo vessel's
// next departure with one free for two named guests, `resortStay` a room of the demo resort for two named guests.

const VESSEL = 'MV Atoll Explorer';
const RESORT = 'Coral Garden Resort';

/**
 * The demo operator's time zone (the setting booking.timezone, the server's default): the server's "today" and the
 * browser's (playwright.config.ts runs the browser in it, as an office's browsers are).
 */
export const OPERATOR_TIME_ZONE = 'Europe/Berlin';
const operatorDay = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE });

/**
 * A day relative to today in the operator's calendar, as YYYY-MM-DD (as date inputs and the API take it): today
 * there, then whole calendar days (adding hours to the instant would slip a day across a change of summer time).
 */
export const dayFromToday = (days: number) =>
  new Date(Date.parse(`${operatorDay.format(new Date())}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

/** The first day of the month `months` after the operator's current one, at midnight UTC (format it in UTC). */
export const monthFromToday = (months: number) => {
  const [year = 0, month = 1] = dayFromToday(0).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1));
};

export async function apiAs(request: APIRequestContext, who: { email: string; password: string }) {
  const token = (await (await request.post('/api/auth/token', { data: who })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const post = async (path: string, data: object, status = 201) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(status);
    return res.json();
  };
  const del = async (path: string) => {
    const res = await request.delete(path, { headers });
    expect(res.ok(), await res.text()).toBe(true);
  };
  return { get, post, del };
}

export type TApi = Awaited<ReturnType<typeof apiAs>>;

/**
 * A confirmed booking of a free whole cabin on the demo vessel's next departure that has one, for these two guests
 * (`lead`: a customer who travels instead of the first; `extra`: more of the body, an agency).
 */
export async function confirmedCabinBooking(
  api: TApi,
  guests: [string, string],
  lead?: number,
  extra: Record<string, unknown> = {},
) {
  const vesselId = (await api.get(`/api/vessel?search=${encodeURIComponent(VESSEL)}`)).data[0].id as number;
  const filter = encodeURIComponent(JSON.stringify({ vesselId }));
  const departures = (await api.get(`/api/tours/booking?new=1&size=0&sort=from&filter=${filter}`)).data as {
    id: number;
  }[];
  // The first departure with a whole cabin free: earlier journeys may have filled the next one.
  for (const departure of departures) {
    const cabins = (await api.get(`/api/rooms/available/${vesselId}?schedule=${departure.id}`)).rooms as {
      id: number;
      free: boolean;
      sellable: boolean;
      allowSharedRoom: boolean;
    }[];
    const cabin = cabins.find((c) => c.free && c.sellable && !c.allowSharedRoom);
    if (cabin) return bookCabin(api, cabin.id, departure.id, guests, lead, extra);
  }
  throw new Error('the demo vessel needs a departure with a free cabin');
}

async function bookCabin(
  api: TApi,
  cabinId: number,
  scheduleId: number,
  guests: [string, string],
  lead: number | undefined,
  extra: Record<string, unknown>,
) {
  return (await api.post('/api/bookings', {
    ...extra,
    state: 'confirmed',
    language: 'en',
    force: true,
    rooms: [
      {
        roomId: cabinId,
        scheduleId,
        whole: true,
        guests: [
          lead ? { customerId: lead } : { name: guests[0], gender: 'f', age: 41 },
          { name: guests[1], gender: 'm', age: 43 },
        ],
      },
    ],
  })) as { id: number; bookingNo: string; openAmount: string; currency: string };
}

/**
 * A stay in the demo resort for two named guests (a woman and a man): `room` counts from the end of the
 * resort's rooms (of `roomType` when given), `days` from today.
 */
export async function resortStay(
  api: TApi,
  stay: {
    state: 'draft' | 'confirmed';
    room: number;
    days: [number, number];
    guests: [string, string];
    roomType?: string;
  },
) {
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resortId = (await api.get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  const roomTypeId = stay.roomType
    ? (
        (await api.get(`/api/roomtypes?size=0&filter=${filter({ resortId })}`)).data as {
          id: number;
          name: string;
        }[]
      ).find((t) => t.name === stay.roomType)?.id
    : undefined;
  const rooms = (await api.get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId, roomTypeId })}`))
    .data as {
    id: number;
  }[];
  return (await api.post('/api/bookings', {
    state: stay.state,
    language: 'en',
    rooms: [
      {
        roomId: rooms.at(-stay.room)?.id,
        from: dayFromToday(stay.days[0]),
        to: dayFromToday(stay.days[1]),
        guests: [
          { name: stay.guests[0], gender: 'f', age: 40 },
          { name: stay.guests[1], gender: 'm', age: 42 },
        ],
      },
    ],
  })) as { id: number; bookingNo: string; openAmount: string; total: string };
}
