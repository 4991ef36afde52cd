import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';
const ROOM_TYPE = 'Garden Room';
const AGENCY = 'Blue Reef Travel';

type TCreated = {
  id: number;
  offerNo: string | null;
  reservationNo: string | null;
  bookingNo: string | null;
};

/** The staff API: a token, the demo resort's Garden Rooms and bookings created the way the office would. */
async function staffApi(request: APIRequestContext) {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resortId = (await get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  const types = await get(`/api/roomtypes?size=0&filter=${filter({ resortId })}`);
  const roomTypeId = types.data.find((t: { name: string }) => t.name === ROOM_TYPE).id as number;
  const rooms = (await get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId, roomTypeId })}`)).data as {
    id: number;
  }[];
  expect(rooms.length).toBeGreaterThanOrEqual(3);

  /** A week in one Garden Room for two placeholder guests. */
  const book = async (body: { room: number; days: number; state: string; agencyId?: number }) => {
    const res = await request.post('/api/bookings', {
      headers,
      data: {
        state: body.state,
        language: 'en',
        ...(body.agencyId ? { agencyId: body.agencyId } : {}),
        rooms: [
          {
            roomId: rooms[body.room]?.id,
            from: dayFromToday(body.days),
            to: dayFromToday(body.days + 7),
            guests: [
              { name: 'Anna Placeholder', gender: 'f', age: 41 },
              { name: 'Ben Placeholder', gender: 'm', age: 43 },
            ],
          },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as TCreated;
  };
  /** A change by someone else: a note, with the version they read. */
  const note = async (id: number, version: number) => {
    const res = await request.post(`/api/bookings/${id}/change`, {
      headers,
      data: { note: 'Late arrival', version },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { get, book, note };
}

/** The why entry of one special. */
const whyOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Why each special' })
    .locator(':scope > li')
    .filter({ has: page.getByText(name, { exact: true }) });

test('staff finds a reservation in the list, sees its price and why, confirms it and cancels it with the terms', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await staffApi(request);
  const created = await staff.book({ room: 0, days: 120, state: 'planned' });
  const number = created.reservationNo ?? '';
  expect(number).toMatch(/^R\d{2}-\d{5}$/);

  await login(page, DEMO.staff, '/booking/list');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  await searchList(page, number);
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Reservation');
  await expect(row).toContainText(RESORT);
  // The travellers show under the customer, and a traveller's name finds the booking too.
  await expect(row).toContainText('Ben Placeholder');
  // The search is in the URL: a saved link shows the same list.
  await expect(page).toHaveURL(new RegExp(`search=${number}`));
  await expectAccessible(page);
  await screenshots(page, 'booking-list');

  // The CSV export takes the same search and filters.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV export' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe('bookings.csv');
  const text = readFileSync((await csv.path()) ?? '', 'utf8');
  expect(text).toContain(number);
  expect(text.trim().split('\n')).toHaveLength(2);

  // The state filter keeps it (a reservation that is not resolved) and drops it (offers only).
  await page.getByRole('combobox', { name: 'States' }).click();
  await page.getByRole('option', { name: 'Not resolved' }).click();
  await page.keyboard.press('Escape');
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/states=notResolved/);
  await page.goto(`/booking/list?search=${number}&states=draft`);
  await expect(page.getByText('Nothing matches the search or filter')).toBeVisible();
  await page.goto('/booking/list?search=Ben%20Placeholder');
  await expect(table.getByRole('link', { name: number })).toBeVisible();
  await page.goto(`/booking/list?search=${number}`);

  await table.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${created.id}$`));
  await expect(page.getByRole('heading', { name: `Booking ${number}` })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Calculation lines' });
  await expect(lines.getByRole('row').filter({ hasText: ROOM_TYPE }).first()).toBeVisible();
  // The room line unfolds into its seven nights.
  await lines
    .getByRole('button', { name: new RegExp(`^Show the details of .*${ROOM_TYPE}`) })
    .first()
    .click();
  await expect(page.getByRole('table', { name: /^Nights of/ }).getByRole('row')).toHaveCount(8);
  const earlyBird = whyOf(page, 'Early bird');
  await expect(earlyBird.getByText('Applied', { exact: true })).toBeVisible();
  await expect(earlyBird).toContainText(/DaysBeforeTravelDate \d+ ≥ 90/);
  const rooms = page.getByRole('table', { name: 'Rooms and guests' });
  await expect(rooms).toContainText('Ben Placeholder');
  await expect(page.getByRole('term').filter({ hasText: 'Due before travel' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions', exact: true }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, 'booking-detail');

  // Someone else saves in between: the confirmation is refused, the page shows their version.
  await staff.note(created.id, 1);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(
    page.getByText('Someone else changed the booking in the meantime', { exact: false }),
  ).toBeVisible();
  // The note as the booking shows it (the compare table below may show it too).
  await expect(page.getByRole('paragraph').filter({ hasText: 'Late arrival' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions', exact: true }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('main').getByText('Reservation', { exact: true }).first()).toBeVisible();

  // Confirm again, now with the version read: it gets its booking number and state.
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText('The booking is confirmed.')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Booking', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Booking B\d{2}-\d{5}$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release' })).toHaveCount(0);

  // The history compares the two versions in words: the state changed from reservation to booking.
  const diff = page.getByRole('table', { name: 'Compare versions' });
  const stateRow = diff.getByRole('row').filter({ hasText: /^State/ });
  await expect(stateRow.getByRole('cell').nth(1)).toHaveText('Reservation');
  await expect(stateRow.getByRole('cell').nth(2)).toHaveText('Booking');
  await screenshots(page, 'booking-history');

  // Cancel by the terms of payment, 40 days before arrival: the resort terms charge 50 %.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the booking' });
  await expect(dialog.getByRole('radio', { name: 'By the terms of payment' })).toBeChecked();
  await expect(dialog).toContainText('Terms "Resort standard"');
  const date = dialog.getByRole('textbox', { name: /^cancellation date/i });
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await date.fill(dayFromToday(80));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  const done = page.getByText(/^The booking is cancelled\. Cancellation fee: €[\d,.]+\.$/);
  await expect(done).toBeVisible();
  const fee = /€\d[\d,]*\.\d{2}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(fee).not.toBe('€0.00');
  await expect(dialog).toHaveCount(0);
  // The state badge (the history's comparison below names the new state too).
  await expect(main.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  const feeLine = lines.getByRole('row').filter({ hasText: 'Cancellation fee' });
  await expect(feeLine).toHaveCount(1);
  await expect(feeLine).toContainText('Cancellation fee (50 %)');
  await expect(feeLine).toContainText(fee);
  await expect(page.getByLabel('Cancellation', { exact: true })).toContainText(`${fee} (50 %)`);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'booking-cancelled');
});

test('the demo agent sees only its agency’s bookings', async ({ page, request }) => {
  test.setTimeout(90_000);
  const staff = await staffApi(request);
  const agencies = await staff.get(`/api/agencies?search=${encodeURIComponent(AGENCY)}`);
  const agencyId = agencies.data.find((a: { name: string }) => a.name === AGENCY).id as number;
  const own = await staff.book({ room: 1, days: 130, state: 'draft', agencyId });
  const other = await staff.book({ room: 2, days: 140, state: 'draft' });
  const ownNo = own.offerNo ?? '';
  const otherNo = other.offerNo ?? '';
  expect(ownNo).toMatch(/^O\d{2}-\d{5}$/);

  await login(page, DEMO.agent, '/booking/list');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  // No agency filter for an agent: the server shows its own agency's bookings only.
  await expect(page.getByRole('combobox', { name: 'Agency' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Bookings' });
  await searchList(page, ownNo);
  await expect(table.getByRole('row').filter({ hasText: ownNo })).toContainText('Offer');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await searchList(page, otherNo);
  await expect(page.getByText('Nothing matches the search or filter')).toBeVisible();

  await page.goto(`/booking/${own.id}`);
  await expect(page.getByRole('heading', { name: `Booking ${ownNo}` })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Agency due' })).toBeVisible();
  // Its own agency's commission, as the agency home counts it; never the office's buttons.
  await expect(page.getByRole('term').filter({ hasText: 'Commission' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload prices' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/booking/${other.id}`);
  await expect(page.getByText('This record does not exist or you may not see it.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Booking ${otherNo}` })).toHaveCount(0);
});

test('staff saves a list filter under a name and opens the list with it again', async ({ page }) => {
  await login(page, DEMO.staff, '/booking/list?states=planned&sort=from&order=1');
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: 'Save or delete filters…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saved filters' });
  await dialog.getByRole('textbox', { name: 'Name of the current filter' }).fill('Options by arrival');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Options by arrival')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Kept in the user's settings: a fresh page load still has it.
  await page.goto('/booking/list');
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: 'Options by arrival' }).click();
  await expect(page).toHaveURL(/[?&]states=planned/);
  await expect(page).toHaveURL(/[?&]sort=from/);

  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('menuitem', { name: 'Save or delete filters…' }).click();
  await dialog.getByRole('button', { name: 'Delete the filter Options by arrival' }).click();
  await expect(dialog.getByText('No saved filters yet')).toBeVisible();
});

test('on a phone the booking’s next step stays a button and its other actions open from More', async ({
  page,
  request,
}) => {
  const staff = await staffApi(request);
  const created = await staff.book({ room: 2, days: 300, state: 'planned' });
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.staff, `/booking/${created.id}`);
  await expect(page.getByRole('button', { name: 'Confirm booking' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More' }).click();
  await expect(page.getByRole('menuitem', { name: 'Cancel booking' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change room/cabin' })).toBeVisible();
  // The tables scrolling inside their cards are keyboard stops, and the open menu holds only its items (axe).
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Send mail' }).click();
  await expect(page.getByRole('dialog', { name: 'Send a mail about this booking' })).toBeVisible();
});

test('the office home counts what needs doing, and each figure opens the list it counted', async ({
  page,
}) => {
  await login(page, DEMO.staff);
  const office = page.getByRole('region', { name: 'Today at the office' });
  const week = office.getByRole('link', { name: /in the next 7 days/ }).first();
  await expect(week).toBeVisible();
  const count = Number((await week.textContent())?.match(/\d+/)?.[0]);
  await expect(page.getByRole('region', { name: 'The next 30 days' })).toBeVisible();
  await expectAccessible(page);
  await week.click();
  await expect(page).toHaveURL(/dates=arrival/);
  await expect(page.getByRole('combobox', { name: 'Dates apply to' })).toHaveValue('Arrivals');
  await expect(page.getByLabel('Travel from')).toHaveValue(dayFromToday(0));
  if (count === 0) await expect(page.getByText('Nothing matches the search or filter')).toBeVisible();
  else await expect(page.getByText(new RegExp(`of ${count}$`))).toBeVisible();
  // The yes/no filters are chips the user can switch.
  await page.getByRole('group', { name: 'Needs attention' }).getByText('Payment overdue').click();
  await expect(page).toHaveURL(/overdue=1/);
  await expect(page.getByRole('checkbox', { name: 'Payment overdue' })).toBeChecked();
});
