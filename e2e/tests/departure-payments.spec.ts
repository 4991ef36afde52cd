import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking, dayFromToday } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// The payments of a departure on its page: the office records a payment on a liveaboard booking, then sees
// the booking with its status, paid and open amounts and the payment itself, the departure's sums, at
// 1280 and 375 px, in English and German; the booking number leads to the booking.

test('staff see who has paid what on a departure', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The scene, as the office sets it: a whole cabin booked on the vessel's next departure, 250 € paid.
  const api = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(api, ['Pia Payment', 'Paul Payment']);
  await api.post(`/api/bookings/${booking.id}/payment`, {
    amount: '250.00',
    method: 'bank',
    date: dayFromToday(0),
  });
  const { scheduleId, tourId } = await api.get(`/api/bookings/${booking.id}`);
  const answer = await api.get(`/api/tours/${tourId}/${scheduleId}/payments`);
  const sums = answer.totals.find((s: { currency: string }) => s.currency === 'EUR');

  await login(page, DEMO.staff, `/schedule/${scheduleId}`);
  // On board: the guest with the booking's number and state in words.
  const guest = page
    .getByRole('table', { name: 'Guests on board' })
    .getByRole('row')
    .filter({ hasText: 'Pia Payment' });
  await expect(guest.getByRole('link', { name: booking.bookingNo })).toBeVisible();
  await expect(guest).toContainText('Female');
  await expect(guest).toContainText('Booking');
  const card = page.getByRole('table', { name: 'Payments of the departure' });
  const row = card.getByRole('row').filter({ hasText: booking.bookingNo });
  await expect(row).toContainText('Pia Payment');
  await expect(row).toContainText('Partly paid');
  await expect(row).toContainText('€250.00');
  // The departure's sums are those of the API, as the page writes money.
  const euro = (amount: string) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(Number(amount));
  const figures = page.getByTestId('departure-sums-EUR');
  await expect(figures).toContainText(euro(sums.paid));
  await expect(figures).toContainText(euro(sums.open));
  await expectAccessible(page);
  await screenshots(page, 'departure-payments');

  // On a phone the table scrolls in its box; the page itself does not.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row).toBeAttached();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await cutTexts(page)).toEqual([]);

  // The number leads to the booking.
  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('link', { name: booking.bookingNo }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the card speaks German', async ({ page, request }) => {
    const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
    const headers = { authorization: `Bearer ${token}` };
    const departures = (
      await (await request.get('/api/tours/booking?new=1&size=1&sort=from', { headers })).json()
    ).data as { id: number }[];
    const first = departures[0];
    if (!first) throw new Error('the demo season needs a departure');
    await login(page, DEMO.staff, `/schedule/${first.id}`);
    await expect(page.getByRole('heading', { name: 'Zahlungen der Abfahrt' })).toBeVisible();
    expect(await cutTexts(page)).toEqual([]);
  });
});
