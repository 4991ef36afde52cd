import { expect, test } from '@playwright/test';
import { apiAs, dayFromToday, resortStay } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Copying a booking (docs/domain/lifecycle.md "Copying a booking"): staff copy a resort stay to an arrival a week
// later as an offer; the copy opens with the same guests on the new dates and its own number, priced afresh,
// and the original stays as it was. At 1280 and 375 px, in English and German.

test('staff copy a stay to a week later; the copy opens with the guests on the new dates', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const original = await resortStay(staff, {
    state: 'confirmed',
    room: 5,
    days: [220, 224],
    guests: ['Cora Copy', 'Conrad Copy'],
  });

  await login(page, DEMO.staff, `/booking/${original.id}`);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy the booking' });
  await expect(dialog.getByLabel('Arrival')).toHaveValue(dayFromToday(220));
  await expectAccessible(page);
  await dialog.getByLabel('Arrival').fill(dayFromToday(227));
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();

  // The copy: an offer of its own, the same guests, a week later.
  await expect(page.getByText(/Copied as O\d\d-\d{5}/)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/booking/${original.id}$`));
  const copyId = Number(new URL(page.url()).pathname.split('/').pop());
  const copy = await staff.get(`/api/bookings/${copyId}`);
  expect(copy.state).toBe('draft');
  expect([copy.from, copy.to]).toEqual([dayFromToday(227), dayFromToday(231)]);
  expect(copy.rooms[0].guests.map((g: { name: string }) => g.name)).toEqual(['Cora Copy', 'Conrad Copy']);
  await expect(page.getByText('Cora Copy').first()).toBeVisible();
  const kept = await staff.get(`/api/bookings/${original.id}`);
  expect([kept.state, kept.from]).toEqual(['confirmed', dayFromToday(220)]);
  await screenshots(page, 'booking-copy');
  expect(await cutTexts(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/booking/${original.id}`);
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByRole('dialog', { name: 'Copy the booking' })).toBeVisible();
  await expectAccessible(page);
});

test.describe('auf Deutsch', () => {
  test.use({ locale: 'de-DE' });

  test('Kopieren ist übersetzt', async ({ page, request }) => {
    const staff = await apiAs(request, DEMO.staff);
    const booking = await resortStay(staff, {
      state: 'draft',
      room: 5,
      days: [240, 242],
      guests: ['Dora Kopie', 'Dirk Kopie'],
    });
    await login(page, DEMO.staff, `/booking/${booking.id}`);
    await page.getByRole('button', { name: 'Kopieren', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Buchung kopieren' });
    await expect(dialog.getByLabel('Anreise')).toHaveValue(dayFromToday(240));
    await expect(dialog.getByRole('combobox', { name: 'Die Kopie ist' })).toHaveValue('Angebot');
  });
});
