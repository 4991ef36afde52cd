import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// The lifecycle of a liveaboard booking from the office: rebooked to another departure from the detail
// page (the new booking shows where it came from), the rebook reverted, and a cabin changed on the
// departure's cabin-move screen.

test.use({ locale: 'en-GB' });

const VESSEL = 'MV Atoll Explorer';

type TCabin = { id: number; name: string; free: boolean; sellable: boolean; allowSharedRoom: boolean };
type TBooking = {
  id: number;
  bookingNo: string | null;
  scheduleId: number;
  rooms: { id: number; roomId: number }[];
};

/** The staff API, to set the scene as the office would. */
async function staffApi(request: APIRequestContext) {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const post = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  return { get, post };
}

/**
 * The vessel's first two departures from today (the rebook modal lists them by date; the booking sits on
 * the second, so the first is the modal's first choice) and a whole cabin free on both.
 */
async function scene(api: Awaited<ReturnType<typeof staffApi>>) {
  const vesselId = (await api.get(`/api/vessel?search=${encodeURIComponent(VESSEL)}`)).data[0].id as number;
  const filter = encodeURIComponent(JSON.stringify({ vesselId }));
  const departures = (await api.get(`/api/tours/booking?new=1&size=0&sort=from&filter=${filter}`)).data as {
    id: number;
  }[];
  const [first, second] = departures;
  if (!first || !second) throw new Error('the demo vessel needs two departures');
  const freeOn = async (scheduleId: number) =>
    ((await api.get(`/api/rooms/available/${vesselId}?schedule=${scheduleId}`)).rooms as TCabin[]).filter(
      (c) => c.free && c.sellable && !c.allowSharedRoom,
    );
  const later = new Set((await freeOn(first.id)).map((c) => c.id));
  const cabins = (await freeOn(second.id)).filter((c) => later.has(c.id));
  expect(cabins.length).toBeGreaterThanOrEqual(2);
  return {
    vesselId,
    first: first.id,
    second: second.id,
    cabin: cabins[0] as TCabin,
    spare: cabins[1] as TCabin,
  };
}

test('staff rebook a liveaboard booking, revert the rebook and change its cabin', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await staffApi(request);
  const { first, second, cabin, spare } = await scene(api);
  const booking = (await api.post('/api/bookings', {
    state: 'confirmed',
    language: 'en',
    force: true,
    rooms: [
      {
        roomId: cabin.id,
        scheduleId: second,
        whole: true,
        guests: [
          { name: 'Cora Lifecycle', gender: 'f', age: 35 },
          { name: 'Dan Lifecycle', gender: 'm', age: 37 },
        ],
      },
    ],
  })) as TBooking;
  const number = booking.bookingNo ?? '';

  await login(page, DEMO.staff, `/booking/${booking.id}`);
  await page.getByRole('button', { name: 'Rebook', exact: true }).click();
  const rebook = page.getByRole('dialog', { name: 'Rebook to another departure' });
  await rebook.getByRole('combobox', { name: 'Departure' }).click();
  await page.getByRole('option').first().click();
  await rebook.getByRole('button', { name: 'Rebook', exact: true }).click();

  // The new booking opens and says where it came from.
  await expect(page.getByText(/^Rebooked as B\d\d-\d{5}\.$/)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/booking/${booking.id}$`));
  await expect(page.getByText('Rebooked from')).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  const rebookedId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const rebooked = (await api.get(`/api/bookings/${rebookedId}`)) as TBooking;
  expect(rebooked.scheduleId).toBe(first);
  expect((await api.get(`/api/bookings/${booking.id}`)).state).toBe('rebooked');
  await screenshots(page, 'booking-rebooked');

  await page.getByRole('button', { name: 'Revert rebook' }).click();
  await page
    .getByRole('dialog', { name: 'Revert the rebook' })
    .getByRole('button', { name: 'Revert rebook' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
  await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
  expect((await api.get(`/api/bookings/${booking.id}`)).state).toBe('confirmed');
  expect((await api.get(`/api/bookings/${rebookedId}`)).state).toBe('deleted');

  // The cabin-move screen of the departure: the booking's cabin to another free one.
  await page.goto(`/schedules/movecabin/${second}`);
  await expect(page.getByRole('heading', { name: 'Move cabins' })).toBeVisible();
  await expect(page.getByRole('cell', { name: cabin.name, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Booked cabin' }).click();
  await page.getByRole('option', { name: new RegExp(`^${number} · ${cabin.name} ·`) }).click();
  await page.getByRole('combobox', { name: 'Move to' }).click();
  await page.getByRole('option', { name: spare.name, exact: true }).click();
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Moved.')).toBeVisible();
  const moved = (await api.get(`/api/bookings/${booking.id}`)) as TBooking;
  expect(moved.rooms[0]?.roomId).toBe(spare.id);
  await screenshots(page, 'booking-move-cabin');
});
