import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Referrals as the office keeps them (docs/domain/referrals.md): a guest brought a friend; the office writes the
// referral down in /crm/referral, names the friend's booking and rewards the guest, whose credit shows the reward;
// at 1280 and 375 px, and in German. The switch crmMaster is on only for this journey (the journeys share one
// server, and the demo leaves the club's screens off).

test('the office records a referral, links the booking and rewards the referrer with credit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, DEMO.admin);
  const staff = await apiAs(request, DEMO.staff);
  await admin.post('/api/settings/group/features', { crmMaster: true }, 200);
  try {
    const stamp = Date.now().toString(36);
    const [referrer, referred] = (await Promise.all(
      ['Rita', 'Rob'].map((first) =>
        staff.post('/api/customers', { masterData: { firstName: first, lastName: `Referral ${stamp}` } }),
      ),
    )) as { id: number; fullName: string }[];
    if (!referrer || !referred) throw new Error('two customers expected');
    const booking = await confirmedCabinBooking(staff, ['Rob', 'Ron Referral'], referred.id);

    await login(page, DEMO.staff, '/crm/referral');
    await expect(page.getByRole('heading', { name: 'Referrals' })).toBeVisible();
    await page.getByRole('button', { name: 'New' }).click();
    const drawer = page.getByRole('dialog');
    const pick = async (field: RegExp, name: string) => {
      await drawer.getByRole('combobox', { name: field }).fill(name);
      await page.getByRole('option', { name, exact: true }).click();
    };
    await pick(/^Referrer/, referrer.fullName);
    await pick(/^Referred customer/, referred.fullName);
    await drawer.getByRole('combobox', { name: /^Booking/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${booking.bookingNo} ·`) }).click();
    await drawer.getByRole('button', { name: 'Create' }).click();

    // Stored with the booking: booked, in the list and the drawer.
    const row = page.getByRole('row').filter({ hasText: referrer.fullName });
    await expect(row).toContainText(referred.fullName);
    await expect(row).toContainText('Booked');
    await expect(row).toContainText(booking.bookingNo);
    await expectAccessible(page);

    // The reward: the amount in the base currency, credited to the referrer.
    await drawer.getByRole('button', { name: 'Reward' }).click();
    const modal = page.getByRole('dialog', { name: 'Reward the referrer' });
    await modal.getByRole('textbox', { name: /^Amount/ }).fill('25');
    await expect(modal.getByRole('combobox', { name: /^Currency/ })).toHaveValue(/^EUR/);
    await modal.getByRole('button', { name: 'Credit the reward' }).click();
    await expect(page.getByText('The reward was credited.')).toBeVisible();
    await expect(drawer.getByText(`€25.00 credited to ${referrer.fullName}`)).toBeVisible();
    await expect(row).toContainText('Rewarded');
    await expect(drawer.getByRole('combobox', { name: /^Status/ })).toHaveValue('Rewarded');
    await expectAccessible(page);
    await screenshots(page, 'referrals');
    const ledger = await staff.get(`/api/credits/entries?customerId=${referrer.id}`);
    expect(ledger.balances).toEqual([{ currency: 'EUR', balance: '25.00' }]);

    // The credit shows in the referrer's ledger.
    await drawer.getByRole('link', { name: /Credit entry #\d+/ }).click();
    await expect(page).toHaveURL(new RegExp(`/ccredits\\?open=${referrer.id}`));
    await expect(page.getByRole('dialog').getByText('25.00').first()).toBeVisible();

    // On a phone the list fits the screen.
    await page.goto('/crm/referral');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await cutTexts(page)).toEqual([]);
  } finally {
    await admin.post('/api/settings/group/features', { crmMaster: false }, 200);
  }
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the referrals speak German', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.admin);
    await admin.post('/api/settings/group/features', { crmMaster: true }, 200);
    try {
      await login(page, DEMO.staff, '/crm/referral');
      await expect(page.getByRole('heading', { name: 'Empfehlungen' })).toBeVisible();
      await page.getByRole('button', { name: 'Neu' }).click();
      await expect(
        page.getByRole('dialog').getByRole('combobox', { name: /^Empfohlener Kunde/ }),
      ).toBeVisible();
      expect(await cutTexts(page)).toEqual([]);
    } finally {
      await admin.post('/api/settings/group/features', { crmMaster: false }, 200);
    }
  });
});
