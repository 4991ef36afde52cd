import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';
const VESSEL = 'MV Atoll Explorer';

/** A day relative to today (UTC, as the server counts days before arrival). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The staff API, to find what the office would look up: a demo customer, a departure with free berths. */
async function staffApi(request: APIRequestContext) {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  return { get };
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test('staff books a resort stay and berths on a departure with the wizard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await staffApi(request);
  const customer = (await api.get('/api/customers?size=1&sort=id')).data[0] as {
    id: number;
    fullName: string;
    masterData: { lastName: string };
  };

  await login(page, DEMO.staff);
  await page.goto('/booking/wizard');
  await expect(page.getByRole('heading', { name: 'New booking' })).toBeVisible();

  // 1 asset
  await page.getByRole('combobox', { name: 'Resort' }).click();
  await page.getByRole('option', { name: RESORT }).click();
  await expectAccessible(page);
  await next(page);

  // 2 dates: a week, 150 days ahead (the Early bird needs 90 days)
  await page.getByLabel(/^Arrival/).fill(dayFromToday(150));
  await page.getByLabel(/^Departure/).fill(dayFromToday(157));
  await expect(page.getByText('7 nights')).toBeVisible();
  await next(page);

  // 3 rooms: the first free room, two guests
  const firstRoom = page.getByRole('checkbox').first();
  await firstRoom.check();
  const pax = page.getByRole('textbox', { name: /^Guests in / });
  await pax.fill('2');
  await expectAccessible(page);
  await screenshots(page, 'booking-wizard-rooms');
  await next(page);

  // 4 guests: a demo customer found by search, a placeholder
  const kinds = page.getByRole('radiogroup', { name: /^Kind of Guest 1/ });
  await kinds.getByText('Customer', { exact: true }).click();
  await page.getByRole('combobox', { name: /^Customer for Guest 1/ }).fill(customer.masterData.lastName);
  await page.getByRole('option', { name: `${customer.fullName} (#${customer.id})` }).click();
  await expect(page.getByText(/^Gender: /)).toBeVisible();
  await page.getByRole('textbox', { name: /^Name of Guest 2/ }).fill('Chris Placeholder');
  await page.getByRole('textbox', { name: /^Age of Guest 2/ }).fill('35');
  await expectAccessible(page);
  await next(page);

  // 5 price: the Early bird applies
  const earlyBird = page
    .getByRole('list', { name: 'Why each special' })
    .locator(':scope > li')
    .filter({ has: page.getByText('Early bird', { exact: true }) });
  await expect(earlyBird.getByText('Applied', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Calculation lines' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'booking-wizard-price');
  await next(page);

  // 6 finish: a booking (confirmed)
  await page.getByRole('textbox', { name: 'Note' }).fill('Booked with the wizard');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save as booking' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Booking B\d{2}-\d{5}$/ })).toBeVisible();
  // The state badge: "Booking" (confirmed).
  // (the header's badge comes before the calculation's cells)
  await expect(page.getByRole('main').getByText('Booking', { exact: true }).first()).toBeVisible();
  const bookingId = Number(page.url().split('/').pop());
  const saved = await api.get(`/api/bookings/${bookingId}`);
  expect(saved.state).toBe('confirmed');
  expect(saved.rooms[0].guests.map((g: { customerId: number | null }) => g.customerId)).toEqual([
    customer.id,
    null,
  ]);

  // Two berths in a shared lower-deck cabin of a departure, as a reservation.
  const vesselId = (await api.get(`/api/vessel?search=${encodeURIComponent(VESSEL)}`)).data[0].id as number;
  const filter = encodeURIComponent(JSON.stringify({ vesselId, from: { $gte: dayFromToday(60) } }));
  const departures = (await api.get(`/api/tours/booking?available=1&size=0&sort=from&filter=${filter}`))
    .data as { id: number; from: string; freeBerths: number }[];
  let chosen: { id: number; from: string; cabin: string } | null = null;
  for (const d of departures) {
    const free = await api.get(`/api/rooms/available/${vesselId}?schedule=${d.id}`);
    const cabin = (
      free.rooms as { name: string; free: boolean; allowSharedRoom: boolean; sellable: boolean }[]
    ).find((r) => r.name.startsWith('L') && r.free && r.allowSharedRoom && r.sellable);
    if (cabin) {
      chosen = { id: d.id, from: d.from, cabin: cabin.name };
      break;
    }
  }
  expect(chosen).not.toBeNull();
  if (!chosen) return;
  const month = chosen.from.slice(0, 7);
  const [year, mon] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 0, mon ?? 0, 0)).toISOString().slice(0, 10);
  const inMonth = encodeURIComponent(
    JSON.stringify({ vesselId, to: { $gt: `${month}-01` }, from: { $lte: last } }),
  );
  const listed = (await api.get(`/api/tours/booking?available=1&size=0&sort=from&filter=${inMonth}`))
    .data as {
    id: number;
  }[];
  const index = listed.findIndex((d) => d.id === chosen?.id);
  expect(index).toBeGreaterThanOrEqual(0);

  await page.goto('/booking/wizard');
  await page
    .getByRole('radiogroup', { name: 'Resort or vessel' })
    .getByText('Vessel', { exact: true })
    .click();
  await page.getByRole('combobox', { name: 'Vessel' }).click();
  await page.getByRole('option', { name: VESSEL }).click();
  await page.getByLabel('Month').fill(month);
  await page.getByRole('radiogroup', { name: 'Departure' }).getByRole('radio').nth(index).check();
  await expectAccessible(page);
  await next(page);
  await expect(page.getByText(/\(7 nights\)/)).toBeVisible();
  await next(page);
  await page.getByRole('checkbox', { name: chosen.cabin, exact: true }).check();
  await page.getByRole('switch', { name: 'Book berths (shared cabin)' }).check();
  await page.getByRole('textbox', { name: /^Guests in / }).fill('2');
  await next(page);
  await page.getByRole('textbox', { name: /^Name of Guest 1/ }).fill('Dana Diver');
  await page.getByRole('combobox', { name: /^Gender of Guest 1/ }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await page.getByRole('textbox', { name: /^Name of Guest 2/ }).fill('Eva Diver');
  await page.getByRole('combobox', { name: /^Gender of Guest 2/ }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await next(page);
  await expect(page.getByRole('table', { name: 'Calculation lines' })).toBeVisible();
  await next(page);
  await page.getByRole('button', { name: 'Save as reservation' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Booking R\d{2}-\d{5}$/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Reservation', { exact: true }).first()).toBeVisible();
  const reservation = await api.get(`/api/bookings/${Number(page.url().split('/').pop())}`);
  expect(reservation.state).toBe('planned');
  expect(reservation.rooms).toHaveLength(1);
  expect(reservation.rooms[0].whole).toBe(false);
});
