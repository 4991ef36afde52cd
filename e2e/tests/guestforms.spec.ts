import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { fillGuest } from './support/guestforms.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';
import { openMailbox } from './support/mailbox.ts';

// Guest forms: staff send the guest-form mail for a confirmed booking with two guests,
// the guest opens the link from the mail that arrived at the SMTP server on a phone, fills both guests'
// forms on the multi-guest page (a flight number, an upload), and staff see both submitted on the
// booking and add them to it: the guests' customer records carry the answers.
// Run with E2E_PORT=3499 E2E_SMTP_PORT=3498 beside the other journeys.

test.use({ locale: 'en-GB' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a guest fills both guest forms from the mailed link on a phone; staff add them to the booking', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const mailbox = await openMailbox();
  try {
    const api = await apiAs(request, DEMO.staff);
    const booking = await confirmedCabinBooking(api, ['Gina Guestform', 'Gus Guestform']);
    await api.post(
      '/api/bookings/sendGuestFormMail',
      { bookingId: booking.id, to: 'gina.guestform@example.test', force: true },
      200,
    );
    const mail = await mailbox.latest('gina.guestform@example.test');
    const link = /https?:\/\/\S+\/guestform-m\/\d+\/[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();

    // The guest, on a phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const guestPage = await phone.newPage();
    await guestPage.goto(new URL(link as string).pathname);
    await expect(guestPage.getByRole('heading', { name: 'Guest form', level: 1 })).toBeVisible();
    const gina = guestPage.getByRole('region', { name: 'Gina Guestform' });
    const gus = guestPage.getByRole('region', { name: 'Gus Guestform' });
    await expect(gina).toBeVisible();
    await expect(gus).toBeVisible();
    await expectAccessible(guestPage);

    // The upload limit is shown before uploading; a larger file is refused in the browser.
    const scan = gina.getByLabel('Copy of the passport', { exact: true });
    await expect(gina.getByText('JPEG, PNG or PDF, at most 256 KB.').first()).toBeVisible();
    await scan.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(300 * 1024, 1) });
    await expect(gina.getByText('The file is larger than 256 KB.')).toBeVisible();
    await scan.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await expect(gina.getByText(/passport\.png \(1 KB\)/)).toBeVisible();

    await fillGuest(gina, { first: 'Gina', last: 'Guestform', passport: 'C4GF1001', flight: 'X' });
    await fillGuest(gus, { first: 'Gus', last: 'Guestform', passport: 'C4GF2002', flight: 'EK 7' });
    // A wrong flight number is caught with its rule.
    await guestPage.getByRole('button', { name: 'Send' }).click();
    await expect(gina.getByText(/Please enter a flight number such as LH1234/)).toBeVisible();
    await gina.getByRole('textbox', { name: 'Arrival flight number' }).fill('4U123');
    await guestPage.getByRole('button', { name: 'Send' }).click();
    await expect(guestPage.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expectAccessible(guestPage);
    await phone.close();

    // Staff see both submitted on the booking and add them.
    await login(page, DEMO.staff, `/booking/${booking.id}`);
    const card = page.getByTestId('booking-guestforms');
    await expect(card.getByText('submitted')).toHaveCount(2);
    await page.getByRole('button', { name: 'Add all submitted forms (2) to the booking' }).click();
    await expect(card.getByText('added to booking')).toHaveCount(2);

    // The customer records carry the answers.
    const forms = (await api.get(`/api/guestform?bookingId=${booking.id}&size=0`)).data as {
      customerId: number | null;
      status: string;
      data: { passportNumber?: string; passportScan?: { fileId: number } };
    }[];
    expect(forms.map((f) => f.status)).toEqual(['added', 'added']);
    expect(forms.some((f) => typeof f.data.passportScan?.fileId === 'number')).toBe(true);
    const passports: string[] = [];
    for (const form of forms) {
      expect(form.customerId).not.toBeNull();
      const customer = await api.get(`/api/customers/${form.customerId}`);
      passports.push(customer.passport.number);
      expect(customer.masterData.birthday).toBe('1984-06-15');
    }
    expect(passports.sort()).toEqual(['C4GF1001', 'C4GF2002']);
  } finally {
    await mailbox.close();
  }
});
