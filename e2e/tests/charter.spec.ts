import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

// A full charter with the wizard (docs/domain/departures-and-charters.md): staff charter the whole vessel on a departure
// with every cabin free, and the booking shows one "Full charter" line and its total.

test.use({ locale: 'en-GB' });

const VESSEL = 'MV Atoll Explorer';

async function staffApi(request: APIRequestContext) {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const get = async (path: string) => {
    const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  return { get };
}

type TCabin = { free: boolean; sellable: boolean };

/** The latest departure (at least 60 days ahead) with every cabin free, and its place in its month's list. */
async function freeDeparture(api: Awaited<ReturnType<typeof staffApi>>, vesselId: number) {
  const filter = encodeURIComponent(JSON.stringify({ vesselId, from: { $gte: dayFromToday(60) } }));
  const departures = (await api.get(`/api/tours/booking?available=1&size=0&sort=from&filter=${filter}`))
    .data as { id: number; from: string }[];
  // From the last: the other wizard tests book the earlier ones.
  for (const d of [...departures].reverse()) {
    const free = await api.get(`/api/rooms/available/${vesselId}?schedule=${d.id}`);
    const cabins = free.rooms as TCabin[];
    if (cabins.length > 0 && cabins.every((c) => c.free && c.sellable)) {
      const month = d.from.slice(0, 7);
      const [year, mon] = month.split('-').map(Number);
      const last = new Date(Date.UTC(year ?? 0, mon ?? 0, 0)).toISOString().slice(0, 10);
      const inMonth = encodeURIComponent(
        JSON.stringify({ vesselId, to: { $gt: `${month}-01` }, from: { $lte: last } }),
      );
      const listed = (await api.get(`/api/tours/booking?available=1&size=0&sort=from&filter=${inMonth}`))
        .data as { id: number }[];
      return { id: d.id, month, index: listed.findIndex((l) => l.id === d.id) };
    }
  }
  return null;
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test('staff charter the whole vessel with the wizard and see one "Full charter" line', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await staffApi(request);
  const vesselId = (await api.get(`/api/vessel?search=${encodeURIComponent(VESSEL)}`)).data[0].id as number;
  const departure = await freeDeparture(api, vesselId);
  expect(departure).not.toBeNull();
  if (!departure) return;
  expect(departure.index).toBeGreaterThanOrEqual(0);

  await login(page, DEMO.staff, '/booking/wizard');
  await page
    .getByRole('radiogroup', { name: 'Resort or vessel' })
    .getByText('Vessel', { exact: true })
    .click();
  await page.getByRole('combobox', { name: 'Vessel' }).click();
  await page.getByRole('option', { name: VESSEL }).click();
  await page.getByLabel('Month').fill(departure.month);
  await page.getByRole('radiogroup', { name: 'Departure' }).getByRole('radio').nth(departure.index).check();
  await next(page);
  await next(page);

  // 3 rooms: the full charter instead of single cabins; its maximum pax and price are shown.
  await page.getByRole('switch', { name: 'Full charter (the whole vessel)' }).check();
  await expect(page.getByText(/^At most \d+ guests$/)).toBeVisible();
  await expect(page.getByText(/^Charter price: |^No charter price stored/)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Guests on board' }).fill('2');
  await expectAccessible(page);
  await next(page);

  // 4 guests
  await page.getByRole('textbox', { name: /^Name of Guest 1/ }).fill('Charter Lead');
  await page.getByRole('textbox', { name: /^Name of Guest 2/ }).fill('Charter Buddy');
  await next(page);
  await expect(page.getByText(/^Charter price: |^No charter price stored/)).toBeVisible();
  await next(page);
  // The charter's guests are named, no customer record: a walk-in booking.
  await page.getByRole('checkbox', { name: /^Walk-in guest/ }).check();
  await page.getByRole('button', { name: 'Save as reservation' }).click();

  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Booking R\d{2}-\d{5}$/ })).toBeVisible();
  const booking = await api.get(`/api/bookings/${Number(page.url().split('/').pop())}`);
  expect(booking).toMatchObject({ type: 'charter', state: 'planned', noOfPax: 2 });
  const cabins = (await api.get(`/api/rooms/available/${vesselId}?schedule=${departure.id}`))
    .rooms as TCabin[];
  expect(booking.rooms).toHaveLength(cabins.length);
  const roomLines = (booking.calculation as { type: string; text: string; total: string }[]).filter(
    (l) => l.type === 'room_cost',
  );
  expect(roomLines).toHaveLength(1);
  expect(roomLines[0]?.text).toBe('Full charter');
  expect(Number(booking.total)).toBeGreaterThan(0);

  // The detail page: the one line and the total.
  await expect(page.getByText('Full charter', { exact: true })).toBeVisible();
  const total = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(Number(booking.total));
  await expect(page.getByRole('main').getByText(total).first()).toBeVisible();
  await expectAccessible(page);
});
