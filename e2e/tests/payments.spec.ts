import { expect, test } from '@playwright/test';
import Stripe from 'stripe';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';
import { fakeStripe } from './support/stripe.ts';

// Payments: staff add a payment on a booking's detail page and see its balance; a guest who
// paid with Stripe Checkout lands on /payment/success and sees the booking's payment state; one who gave
// up lands on /payment/aborted. Stripe's API is a local fake; its webhook is signed with the library's
// test helper, as Stripe would sign it.

test.use({ locale: 'en-GB' });

const WEBHOOK_SECRET = 'whsec_e2e_payments';

test('staff add a payment and see the balance; the guest sees the result of the online payment', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const admin = await apiAs(request, DEMO.admin);
  const booking = await confirmedCabinBooking(staff, ['Pia Payer', 'Max Payer']);
  const open = Number(booking.openAmount);
  expect(open).toBeGreaterThan(100);
  const euro = (value: number) =>
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: booking.currency }).format(value);

  await login(page, DEMO.staff, `/booking/${booking.id}`);
  const card = page.getByTestId('payment-summary');
  await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
  await expect(card.getByTestId('payment-status')).toHaveText('Not paid');
  await expect(card.getByTestId('payment-open')).toHaveText(euro(open));

  await page.getByRole('button', { name: 'Add payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment' });
  await dialog.getByLabel('Amount').fill('100');
  await dialog.getByLabel('Reference').fill('E2E transfer');
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText('Payment saved.')).toBeVisible();
  await expect(card.getByTestId('payment-status')).toHaveText('Partly paid');
  await expect(card.getByTestId('payment-paid')).toHaveText(euro(100));
  await expect(card.getByTestId('payment-open')).toHaveText(euro(open - 100));
  await expect(page.getByRole('cell', { name: 'E2E transfer' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'booking-payments');

  // The guest pays the rest with Stripe Checkout (a local fake of the Stripe API).
  const stripe = await fakeStripe('cs_e2e');
  try {
    const provider = await admin.post('/api/payprovider', {
      name: 'Stripe',
      type: 'stripe',
      config: { apiBase: stripe.base },
      secrets: { apiKey: 'sk_test_e2e', webhookSecret: WEBHOOK_SECRET },
    });
    const checkout = await staff.post(`/api/book/${booking.id}/checkout`, { providerId: provider.id }, 200);
    expect(checkout.url).toBe('https://checkout.stripe.test/cs_e2e_1');
    const success = new URL(stripe.sessions[0]?.get('success_url') ?? '');
    const aborted = new URL(stripe.sessions[0]?.get('cancel_url') ?? '');

    const payload = JSON.stringify({
      id: 'evt_e2e_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_e2e_1',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: Math.round((open - 100) * 100),
          currency: booking.currency.toLowerCase(),
          metadata: { bookingId: String(booking.id) },
        },
      },
    });
    const webhook = await request.post(`/api/payments/notify/booking/${booking.id}/${provider.id}`, {
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      data: payload,
    });
    expect(webhook.status(), await webhook.text()).toBe(200);

    const context = await browser.newContext({ locale: 'en-GB' });
    const guest = await context.newPage();
    await guest.goto(
      `${success.pathname}${success.search.replace(/(%7B|\{)CHECKOUT_SESSION_ID(%7D|\})/, 'cs_e2e_1')}`,
    );
    await expect(guest.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    await expect(guest.getByTestId('result-booking')).toHaveText(`Booking ${booking.bookingNo}`);
    await expect(guest.getByTestId('payment-status')).toHaveText('Paid');
    await expect(guest.getByText('Your payment has been received.')).toBeVisible();
    await expectAccessible(guest);
    await screenshots(guest, 'payment-success');

    await guest.goto(`${aborted.pathname}${aborted.search}`);
    await expect(guest.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await expect(guest.getByTestId('result-booking')).toHaveText(`Booking ${booking.bookingNo}`);

    // Without a valid token the page shows nothing of the booking.
    await guest.goto(`/payment/success?booking=${booking.id}&token=1.${'x'.repeat(43)}`);
    await expect(guest.getByText('This payment link is not valid.')).toBeVisible();
    await context.close();
  } finally {
    await stripe.close();
  }

  // Back in the office: the booking is paid, the online payment is listed as expected.
  await page.reload();
  await expect(card.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByText('Expected')).toBeVisible();

  // The administrator sees the provider, never its secrets.
  const office = await browser.newContext({ locale: 'en-GB' });
  const adminPage = await office.newPage();
  await login(adminPage, DEMO.admin);
  await adminPage.goto('/config/paymentprovider');
  await expect(adminPage.getByRole('heading', { name: 'Payment providers' })).toBeVisible();
  // Its own row: other journeys on the same server add providers of their own.
  const stripeButton = adminPage.getByRole('button', { name: 'Stripe', exact: true });
  const row = adminPage.getByRole('row').filter({ has: stripeButton });
  await expect(row.getByText('API key and webhook secret set')).toBeVisible();
  await stripeButton.click();
  const edit = adminPage.getByRole('dialog', { name: 'Edit payment provider' });
  await expect(edit.getByLabel('Secret API key')).toHaveValue('');
  await expect(edit.getByText('Set. Leave empty to keep it.').first()).toBeVisible();
  expect(await adminPage.content()).not.toContain('sk_test_e2e');
  await expectAccessible(adminPage);
  await screenshots(adminPage, 'payment-providers');
  await office.close();
});
