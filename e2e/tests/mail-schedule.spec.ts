import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// The mail scheduler as the office uses it: a rule that welcomes every guest on the day of booking, a test of it to
// the office's own address from the rule's drawer, then the planned mails with the new booking's, skipped by hand;
// at 1280 and 375 px, and in German. The switch goes off again at the end: the server's hourly job must not mail
// the other journeys' bookings.

const RULE = 'Welcome aboard (journey)';

test('the office plans a mail, tests it and skips one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, DEMO.admin);
  const staff = await apiAs(request, DEMO.staff);
  await admin.post('/api/settings/group/features', { mailScheduler: true }, 200);
  let ruleId = 0;
  try {
    const confirmed = (state: string) =>
      `/api/mail/template?filter=${encodeURIComponent(JSON.stringify({ state, isActive: true }))}&size=0`;
    const templates = (await staff.get(confirmed('confirmed'))).data as { id: number; language: string }[];
    const idIn = (language: string) => templates.find((tpl) => tpl.language === language)?.id ?? null;
    ruleId = (
      await staff.post('/api/mailschedule', {
        name: RULE,
        anchor: 'booked',
        days: 0,
        templateIdDe: idIn('de'),
        templateIdEn: idIn('en'),
      })
    ).id;
    // A guest with an address: the demo's customer travels as the lead.
    const maria = (await staff.get('/api/customers?search=Maria%20Sommer')).data[0] as {
      id: number;
      email: string;
    };
    const booking = await confirmedCabinBooking(staff, ['Wera Welcome', 'Willi Welcome'], maria.id);
    // Guests known by name only: nobody to mail.
    const nameless = await confirmedCabinBooking(staff, ['Nora Nomail', 'Ned Nomail']);

    // The rule in the list, said in words; its drawer sends a test to the office.
    await login(page, DEMO.staff, '/config/mailschedule');
    const row = page.getByRole('row').filter({ hasText: RULE });
    await expect(row).toContainText('On the day of booking');
    await row.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveValue(RULE);
    await drawer.getByRole('textbox', { name: 'Booking ID' }).fill(String(booking.id));
    await drawer.getByRole('button', { name: 'Send test' }).click();
    await expect(
      page.getByText(`Test mail for booking #${booking.id} queued to staff@example.com.`),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'mail-schedule');
    await page.keyboard.press('Escape');

    // The planned mails: the new booking's, to its guest, due today; skipped, it stays listed as skipped.
    const mails = (await staff.get(`/api/mailschedule/scheduled?scheduleId=${ruleId}`)).data as {
      bookingId: number;
      to: string | null;
    }[];
    const to = mails.find((m) => m.bookingId === booking.id)?.to;
    expect(to).toMatch(/@/);
    await page.goto(`/config/mailscheduled?rule=${ruleId}`);
    const planned = page.getByRole('row').filter({ hasText: booking.bookingNo });
    await expect(planned).toContainText(to as string);
    await expect(planned).toContainText('Planned');
    await expect(page.getByRole('row').filter({ hasText: nameless.bookingNo })).toContainText('No address');
    await expect(planned.getByRole('link', { name: booking.bookingNo })).toHaveAttribute(
      'href',
      `/booking/${booking.id}`,
    );
    await expectAccessible(page);
    await screenshots(page, 'mail-scheduled');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(planned).toBeAttached();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await cutTexts(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await planned.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByText('The mail will not be sent.')).toBeVisible();
    await expect(planned).toContainText('Skipped');
    const answer = await staff.get(`/api/mailschedule/scheduled?scheduleId=${ruleId}`);
    expect(answer.data.find((m: { bookingId: number }) => m.bookingId === booking.id)?.status).toBe(
      'skipped',
    );
  } finally {
    if (ruleId) await staff.del(`/api/mailschedule/${ruleId}`);
    await admin.post('/api/settings/group/features', { mailScheduler: false }, 200);
  }
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the planned mails speak German', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.admin);
    await admin.post('/api/settings/group/features', { mailScheduler: true }, 200);
    try {
      await login(page, DEMO.staff, '/config/mailscheduled');
      await expect(page.getByRole('heading', { name: 'Geplante E-Mails' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Von' })).toBeVisible();
      await page.goto('/config/mailschedule');
      await expect(page.getByRole('heading', { name: 'E-Mail-Zeitpläne' })).toBeVisible();
      expect(await cutTexts(page)).toEqual([]);
    } finally {
      await admin.post('/api/settings/group/features', { mailScheduler: false }, 200);
    }
  });
});
