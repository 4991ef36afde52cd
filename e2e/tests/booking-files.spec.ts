import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Files kept with a booking: the office uploads a scan (an image, shrunk) to a booking, sees it listed with the kept
// documents, opens the list on a phone, and deletes it again; in German the section speaks German.

/** A 1×1 PNG: the upload is told by its bytes, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the office keeps a scan with a booking and deletes it again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(staff, ['Fiona File', 'Frank File']);
  await login(page, DEMO.staff, `/booking/${booking.id}`);
  const files = page.getByRole('list', { name: 'Kept documents and files' });
  await expect(page.getByText('No files kept yet')).toBeVisible();
  // The upload button's file input (it takes images and PDFs).
  await page
    .locator('input[type=file][accept*="application/pdf"]')
    .setInputFiles({ name: 'passport-fiona.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('"passport-fiona.png" is kept with the booking.')).toBeVisible();
  const item = files.getByRole('listitem').filter({ hasText: 'passport-fiona.png' });
  await expect(item).toContainText('Uploaded');
  // The server holds it: listed with the booking's documents, an image.
  const listed = (await staff.get(`/api/bookings/${booking.id}/documents`)) as {
    name: string;
    mime: string;
  }[];
  expect(listed).toEqual([expect.objectContaining({ name: 'passport-fiona.png', mime: 'image/png' })]);
  await expectAccessible(page);
  await screenshots(page, 'booking-files');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(item).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await cutTexts(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await item.getByRole('button', { name: 'Delete passport-fiona.png' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
  expect(await staff.get(`/api/bookings/${booking.id}/documents`)).toEqual([]);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the files speak German', async ({ page, request }) => {
    const staff = await apiAs(request, DEMO.staff);
    const booking = await confirmedCabinBooking(staff, ['Greta Datei', 'Gustav Datei']);
    await login(page, DEMO.staff, `/booking/${booking.id}`);
    await expect(page.getByRole('heading', { name: 'Abgelegte Dokumente und Dateien' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Datei hochladen' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Bilder verkleinern' })).toBeChecked();
  });
});
