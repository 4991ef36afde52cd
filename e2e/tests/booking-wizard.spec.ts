import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';
const VESSEL = 'MV Atoll Explorer';

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

test('staff books a resort stay with the wizard, moves it on the grid, cancels it with a fee, and books berths on a departure', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await staffApi(request);
  const customer = (await api.get('/api/customers?size=1&sort=id')).data[0] as {
    id: number;
    fullName: string;
    masterData: { lastName: string };
  };

  await login(page, DEMO.staff, '/booking/wizard');
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

  // 3 rooms: grouped by type with the free count; the first free room starts with its type's two guests
  await expect(page.getByRole('region', { name: 'Garden Room' }).getByText(/^\d+ free$/)).toBeVisible();
  // … and the price of one room of the type for its default guests over the stay.
  await expect(page.getByRole('region', { name: 'Garden Room' }).getByTestId('type-price')).toHaveText(
    /^€[\d,.]+ for 2 guests$/,
  );
  const firstRoom = page.getByRole('checkbox').first();
  await firstRoom.check();
  const pax = page.getByRole('textbox', { name: /^Guests in / });
  await expect(pax).toHaveValue('2');
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

  // 6 finish: a booking (confirmed) of the customer guest, after the question what confirming does
  await expect(page.getByTestId('wizard-booker')).toHaveText(`Customer of the booking: ${customer.fullName}`);
  await page.getByRole('textbox', { name: 'Note' }).fill('Booked with the wizard');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save as booking' }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Save as a confirmed booking?' });
  await expect(confirmDialog.getByText(/payments fall due/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'booking-wizard-confirm');
  await confirmDialog.getByRole('button', { name: 'Save as booking' }).click();
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

  // On the occupancy grid the stay moves one day on (a drag), and the booking has the new dates.
  const resortId = saved.resortId as number;
  await page.goto(`/booking/occupancy?resort=${resortId}&from=${dayFromToday(145)}&days=30`);
  const grid = page.getByTestId('occupancy-grid');
  const stay = grid.getByRole('button', { name: new RegExp(`^${saved.bookingNo} · `) });
  await expect(stay).toBeVisible();
  await stay.scrollIntoViewIfNeeded();
  const box = await stay.boundingBox();
  if (!box) throw new Error('stay not visible');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++)
    await page.mouse.move(box.x + 20 + (78 * step) / 6, box.y + box.height / 2);
  await page.mouse.up();
  await page
    .getByRole('dialog', { name: /^Move / })
    .getByRole('button', { name: 'Move' })
    .click();
  await expect(page.getByText('The stay was moved.')).toBeVisible();
  // One day after the arrival the booking had (not "today + 151": the run may cross midnight).
  const arrival = saved.rooms[0].from as string;
  const nextDay = new Date(Date.parse(`${arrival}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await expect.poll(async () => (await api.get(`/api/bookings/${bookingId}`)).rooms[0].from).toBe(nextDay);

  // Cancelled by the terms 41 days before the new arrival: the resort terms charge 50 %.
  await page.goto(`/booking/${bookingId}`);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the booking' });
  await cancel.getByRole('textbox', { name: /^cancellation date/i }).fill(dayFromToday(110));
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(/^The booking is cancelled\. Cancellation fee: €[\d,.]+\.$/)).toBeVisible();
  const cancelled = await api.get(`/api/bookings/${bookingId}`);
  expect(cancelled.state).toBe('aborted');
  const feeLine = (cancelled.calculation as { text: string; total: string }[]).find((l) =>
    l.text.startsWith('Cancellation fee (50 %)'),
  );
  expect(Number(feeLine?.total)).toBeGreaterThan(0);

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
  // The next departures are listed at once; a month narrows them.
  await expect(page.getByRole('radiogroup', { name: 'Departure' }).getByRole('radio').first()).toBeVisible();
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
  // Guests without a customer record: not saved until marked as walk-in guests.
  await expect(page.getByRole('button', { name: 'Save as reservation' })).toBeDisabled();
  await page.getByRole('checkbox', { name: /^Walk-in guest/ }).check();
  await page.getByRole('button', { name: 'Save as reservation' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Booking R\d{2}-\d{5}$/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Reservation', { exact: true }).first()).toBeVisible();
  const reservation = await api.get(`/api/bookings/${Number(page.url().split('/').pop())}`);
  expect(reservation.state).toBe('planned');
  expect(reservation.rooms).toHaveLength(1);
  expect(reservation.rooms[0].whole).toBe(false);
});

test('the demo agent books a stay for its client with the wizard and finds it in its own list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.agent, '/booking/resort');
  await expect(page.getByRole('heading', { name: 'New resort booking' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Resort' }).click();
  await page.getByRole('option', { name: RESORT }).click();
  await next(page);
  await page.getByLabel(/^Arrival/).fill(dayFromToday(200));
  await page.getByLabel(/^Departure/).fill(dayFromToday(204));
  await next(page);
  await page.getByRole('checkbox').first().check();
  await page.getByRole('textbox', { name: /^Guests in / }).fill('2');
  await next(page);
  await page.getByRole('textbox', { name: /^Name of Guest 1/ }).fill('Alex Client');
  await page.getByRole('textbox', { name: /^Name of Guest 2/ }).fill('Sam Client');
  await next(page);
  await expect(page.getByRole('table', { name: 'Calculation lines' })).toBeVisible();
  // Priced for the agent's own agency: its commission as a line with its percent, but not why the
  // commission special applied.
  await expect(
    page
      .getByRole('table', { name: 'Calculation lines' })
      .getByRole('cell', { name: /^Agency commission \d+(\.\d+)? %$/ }),
  ).toBeVisible();
  await expect(page.getByText('Blue Reef Travel commission')).toHaveCount(0);
  await expectAccessible(page);
  await next(page);
  await page.getByRole('button', { name: 'Save as reservation' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  const heading = page.getByRole('heading', { name: /^Booking R\d{2}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Booking ', '');
  // The agent's own view: its commission, never why a commission special applied.
  await expect(page.getByRole('term').filter({ hasText: 'Commission' })).toBeVisible();
  await expect(page.getByText('Blue Reef Travel commission')).toHaveCount(0);

  await page.goto('/booking/list');
  await searchList(page, number);
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row').filter({ hasText: number })).toContainText('Reservation');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
});
