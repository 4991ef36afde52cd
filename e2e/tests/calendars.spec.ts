import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB', viewport: { width: 1400, height: 900 } });

const RESORT = 'Coral Garden Resort';
const VESSEL = 'MV Atoll Explorer';
const COLUMN = 78;
const ROW = 47;

type TEntry = { bookingId: number; roomId: number; from: string; to: string };
type TRoom = { id: number; name: string; roomTypeId: number | null };

/** The staff API: the demo resort, its rows as the grid shows them and reservations made as the office would. */
async function staffApi(request: APIRequestContext) {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const resortId = (await get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  const events = async (from: string, to: string) =>
    (await get(`/api/bookings/events?from=${from}&to=${to}&resortId=${resortId}`)) as {
      rooms: TRoom[];
      entries: TEntry[];
    };
  const reserve = async (roomId: number, from: number, nights: number) => {
    const res = await request.post('/api/bookings', {
      headers,
      data: {
        state: 'planned',
        language: 'en',
        rooms: [
          {
            roomId,
            from: dayFromToday(from),
            to: dayFromToday(from + nights),
            guests: [
              { name: 'Cora Calendar', gender: 'f', age: 38 },
              { name: 'Dan Calendar', gender: 'm', age: 40 },
            ],
          },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; reservationNo: string };
  };
  return { resortId, get, events, reserve };
}

/** Drags a stay by `dx`, `dy` pixels, in small steps as a hand would. */
async function drag(page: Page, stay: Locator, dx: number, dy = 0) {
  await stay.scrollIntoViewIfNeeded();
  const box = await stay.boundingBox();
  if (!box) throw new Error('stay not visible');
  const x = box.x + 20;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++) await page.mouse.move(x + (dx * step) / 6, y + (dy * step) / 6);
  await page.mouse.up();
}

/** The confirmation of a move: its dialog, then the move made. */
async function confirmMove(page: Page, stay: string) {
  const dialog = page.getByRole('dialog', { name: `Move ${stay}?` });
  await expect(dialog.getByRole('rowheader', { name: 'Price' })).toBeVisible();
  return dialog;
}

test('staff sees a stay in its room and day, drags it two days on, and a drag onto taken dates snaps back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await staffApi(request);
  const today = dayFromToday(0);
  const window = await staff.events(today, dayFromToday(30));
  // A room without stays in the coming month, and the one below it too, of another type (the journey owns
  // them): a move there is priced again.
  const isFree = (id: number | undefined) => id !== undefined && !window.entries.some((e) => e.roomId === id);
  const index = window.rooms.findIndex((r, i) => {
    const next = window.rooms[i + 1];
    return isFree(r.id) && isFree(next?.id) && next?.roomTypeId !== r.roomTypeId;
  });
  const room = window.rooms[index];
  const below = window.rooms[index + 1];
  if (!room || !below) throw new Error('no free rooms in the demo resort');
  const moved = await staff.reserve(room.id, 2, 3);
  const blocker = await staff.reserve(room.id, 9, 3);

  await login(page, DEMO.staff);
  // The grid is in the menu.
  await page.getByRole('link', { name: 'Occupancy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Occupancy' })).toBeVisible();
  await page.goto(`/booking/occupancy?resort=${staff.resortId}&from=${today}&days=30`);
  await expect(page.getByRole('heading', { name: 'Occupancy' })).toBeVisible();
  const grid = page.getByTestId('occupancy-grid');
  const stay = grid.getByRole('button', { name: new RegExp(`^${moved.reservationNo} · Cora Calendar,`) });
  await expect(stay).toBeVisible();
  await expect(
    grid.getByRole('button', { name: new RegExp(`^${blocker.reservationNo} · Cora Calendar,`) }),
  ).toBeVisible();

  // The right row (the room's name at the same height) and the right column (its first night).
  const stayBox = await stay.boundingBox();
  const rowBox = await grid.locator(`[data-room="${room.id}"]`).boundingBox();
  const dayBox = await grid.locator(`[data-day="${dayFromToday(2)}"]`).boundingBox();
  const middle = (b: { y: number; height: number } | null) => (b ? b.y + b.height / 2 : -1);
  expect(Math.abs(middle(stayBox) - middle(rowBox))).toBeLessThan(3);
  expect(Math.abs((stayBox?.x ?? 0) - (dayBox?.x ?? 0))).toBeLessThan(4);
  // Virtualised: only the rows on screen are rendered; scrolling brings the last room in.
  expect(await grid.locator('[data-room]').count()).toBeLessThan(window.rooms.length);
  const last = window.rooms[window.rooms.length - 1];
  await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(grid.locator(`[data-room="${last?.id}"]`)).toBeVisible();
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(stay).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'occupancy');

  // Two days on: a dialog shows the dates and the price before and after; confirmed, the server has them.
  const label = `${moved.reservationNo} · Cora Calendar`;
  await drag(page, stay, 2 * COLUMN);
  let dialog = await confirmMove(page, label);
  await expect(dialog.getByRole('row', { name: /^Dates/ })).toContainText(
    `${dayFromToday(4)} – ${dayFromToday(7)}`,
  );
  await expectAccessible(page);
  await screenshots(page, 'occupancy-confirm-move');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('The stay was moved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await staff.get(`/api/bookings/${moved.id}`)).rooms[0].from)
    .toBe(dayFromToday(4));
  const dayAfter = await grid.locator(`[data-day="${dayFromToday(4)}"]`).boundingBox();
  await expect
    .poll(async () => Math.round((await stay.boundingBox())?.x ?? 0))
    .toBe(Math.round((dayAfter?.x ?? 0) + 1));

  // Onto the other reservation's nights: the dialog says it is not available, and the stay goes back.
  const before = await stay.boundingBox();
  await drag(page, stay, 4 * COLUMN);
  dialog = page.getByRole('dialog', { name: `Move ${label}?` });
  await expect(dialog.getByText(/No longer available/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect
    .poll(async () => Math.round((await stay.boundingBox())?.x ?? 0))
    .toBe(Math.round(before?.x ?? 0));
  expect((await staff.get(`/api/bookings/${moved.id}`)).rooms[0].from).toBe(dayFromToday(4));

  // One row down, into a room of another type: the price is worked out again and confirmed.
  const total = (await staff.get(`/api/bookings/${moved.id}`)).total as string;
  await drag(page, stay, 0, ROW);
  dialog = await confirmMove(page, label);
  await expect(dialog.getByRole('row', { name: /^Room/ })).toContainText(`${room.name}${below.name}`);
  await expect(dialog.getByTestId('move-price-note')).toHaveText(/changes the price/);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('The stay was moved.').first()).toBeVisible();
  await expect
    .poll(async () => (await staff.get(`/api/bookings/${moved.id}`)).rooms[0].roomId)
    .toBe(below.id);
  expect((await staff.get(`/api/bookings/${moved.id}`)).total).not.toBe(total);
  const belowBox = await grid.locator(`[data-room="${below.id}"]`).boundingBox();
  await expect
    .poll(async () => Math.abs(middle(await stay.boundingBox()) - middle(belowBox)))
    .toBeLessThan(3);

  // The keyboard way: the move button opens the dialog with the booking's link.
  await grid.getByRole('button', { name: `Move ${label}` }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Open the booking' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // A click on a free cell (the first room's first night, today + 1) opens the wizard on that room and day.
  const freeDay = await grid.locator(`[data-day="${dayFromToday(1)}"]`).boundingBox();
  const freeRow = await grid.locator(`[data-room="${room.id}"]`).boundingBox();
  await page.mouse.click((freeDay?.x ?? 0) + COLUMN / 2, middle(freeRow));
  await expect(page).toHaveURL(
    new RegExp(`/booking/wizard\\?resort=${staff.resortId}&room=${room.id}&from=${dayFromToday(1)}&to=`),
  );
  await expect(page.getByRole('checkbox', { name: room.name })).toBeChecked();
  await page.goBack();

  // A click opens the booking.
  await stay.click();
  await expect(page).toHaveURL(new RegExp(`/booking/${moved.id}$`));
});

test('staff sees the demo departures on the vessel and trip calendars', async ({ page }) => {
  await login(page, DEMO.staff, '/booking/calendar');
  await expect(page.getByRole('heading', { name: 'Vessel calendar' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Vessel' })).toHaveValue(VESSEL);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader').filter({ hasText: 'Explorer' }).first()).toBeVisible();
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'vessel-calendar');
  // A cabin with a berth left on a coming departure leads to the wizard on it, the cabin chosen.
  const book = table.getByRole('link', { name: /^Book / }).first();
  const cabin = ((await book.textContent()) ?? '').replace(/^Book /, '');
  await book.click();
  await expect(page).toHaveURL(/\/booking\/wizard\?vessel=\d+&schedule=\d+&from=.+&room=\d+/);
  await expect(page.getByRole('checkbox', { name: cabin, exact: true })).toBeChecked();

  await page.goto('/booking/trip');
  await expect(page.getByRole('heading', { name: 'Trip calendar' })).toBeVisible();
  const departure = page.getByTestId('departure').first();
  await expect(departure).toContainText(VESSEL);
  await expect(departure).toContainText(/\d+ \/ \d+/);
  await expectAccessible(page);
  await screenshots(page, 'trip-calendar');
  // A departure leads to the wizard on it.
  await page.getByTestId('departure').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/booking\/wizard\?vessel=\d+&schedule=\d+/);
  await expect(
    page.getByRole('radiogroup', { name: 'Departure' }).getByRole('radio', { checked: true }),
  ).toBeVisible();

  await page.goto('/booking/tour');
  await expect(page.getByRole('heading', { name: 'Tour bookings' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(VESSEL) }).first()).toBeVisible();
  await expectAccessible(page);
});
