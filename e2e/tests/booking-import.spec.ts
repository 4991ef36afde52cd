import { expect, test } from '@playwright/test';
import { apiAs, dayFromToday } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Importing bookings (docs/domain/lifecycle.md "Importing bookings"): staff check a CSV file of two room rows of
// one reference, see the booking priced, import it and find it in the list; a file with a room that does not
// exist is refused row by row and imports nothing. At 1280 and 375 px.

const RESORT = 'Coral Garden Resort';

test('staff check and import a CSV file of bookings; a bad file names its rows and imports nothing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const resortId = (await staff.get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id;
  const filter = encodeURIComponent(JSON.stringify({ resortId }));
  const rooms = (await staff.get(`/api/rooms?size=0&sort=id&filter=${filter}`)).data as { name: string }[];
  const [a, b] = [rooms.at(-7)?.name, rooms.at(-8)?.name];
  const reference = `IMPORT-${Date.now()}`;
  const csv = [
    'reference;state;asset;room;from;to;guests;language',
    `${reference};reservation;${RESORT};${a};${dayFromToday(260)};${dayFromToday(264)};Ivo Import|Ida Import;en`,
    `${reference};;${RESORT};${b};${dayFromToday(260)};${dayFromToday(264)};Iris Import;`,
  ].join('\n');

  await login(page, DEMO.staff, '/booking/list');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import bookings' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bookings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('1 booking can be imported')).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Bookings of the file' });
  await expect(preview.getByRole('row')).toHaveCount(2);
  await expect(preview).toContainText(reference);
  await expect(preview).toContainText('€');
  await expectAccessible(page);
  await screenshots(page, 'booking-import-check');
  await dialog.getByRole('button', { name: 'Import 1 booking' }).click();
  await expect(page.getByText('1 booking imported.')).toBeVisible();
  const found = await staff.get(`/api/bookings?search=${encodeURIComponent('Ivo Import')}`);
  expect(found.total).toBe(1);
  const booking = await staff.get(`/api/bookings/${found.data[0].id}`);
  expect([booking.state, booking.systemReference, booking.rooms.length]).toEqual(['planned', reference, 2]);

  // A room that does not exist: the rows are named, nothing is written.
  const bad = ['room;from;to;asset', `Atlantis;${dayFromToday(270)};${dayFromToday(272)};${RESORT}`].join(
    '\n',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad),
  });
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('Nothing was imported: these rows are refused')).toBeVisible();
  await expect(dialog.getByText(`Row 2.room: No room or cabin "Atlantis" in ${RESORT}`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  expect(await cutTexts(page)).toEqual([]);
});
