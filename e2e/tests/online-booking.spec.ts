import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import Stripe from 'stripe';
import { apiAs, monthFromToday } from './support/booking-api.ts';
import { fillGuest } from './support/guestforms.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';
import { openMailbox } from './support/mailbox.ts';
import { fakeStripe } from './support/stripe.ts';

// The online booking on a phone: a guest books two berths on a demo departure through
// /book/online-v2 and pays through the checkout (Stripe's API a local fake, its webhook signed with the
// library's test helper); the confirmation mail arrives at the real SMTP server, and from its link the
// guest fills both guests' forms, which staff then see on the booking. The same for a resort
// stay through /book/resort-v2. Two guests race for the same berths: one books, the other is told
// the berths were just taken.
// Run with E2E_PORT=3299 E2E_SMTP_PORT=3298 beside the other journeys.

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

const WEBHOOK_SECRET = 'whsec_e2e_online';

let stripe: Awaited<ReturnType<typeof fakeStripe>>;
let providerId: number;
let mailbox: Awaited<ReturnType<typeof openMailbox>>;

test.beforeAll(async ({ request }) => {
  stripe = await fakeStripe('cs_e2e_online');
  mailbox = await openMailbox();
  const admin = await apiAs(request, DEMO.admin);
  providerId = (
    await admin.post('/api/payprovider', {
      name: 'Stripe online e2e',
      type: 'stripe',
      config: { apiBase: stripe.base },
      secrets: { apiKey: 'sk_test_e2e_online', webhookSecret: WEBHOOK_SECRET },
    })
  ).id;
  // The automatic state mails (confirmation on payment) are the operator's choice: on for this journey.
  await admin.post('/api/settings/group/booking', { stateMails: true }, 200);
});
test.afterAll(async ({ request }) => {
  await mailbox?.close();
  await stripe?.close();
  // The journeys after this one on the same server start with the default again.
  await (await apiAs(request, DEMO.admin)).post('/api/settings/group/booking', { stateMails: false }, 200);
});

/** Pays the shown booking with our Stripe provider, signs Stripe's webhook, lands on the success page. */
async function payWithStripe(page: Page, request: APIRequestContext) {
  await page.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Stripe Checkout (fake)</h1>' }),
  );
  const before = stripe.sessions.length;
  await page.locator(`[data-provider-id="${providerId}"]`).click();
  await expect(page.getByRole('heading', { name: 'Stripe Checkout (fake)' })).toBeVisible();
  const session = stripe.sessions[before];
  if (!session) throw new Error('no checkout session was created');
  const success = new URL(session.get('success_url') ?? '');
  const bookingId = Number(success.searchParams.get('booking'));
  const sessionId = `cs_e2e_online_${before + 1}`;
  const payload = JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: Number(session.get('line_items[0][price_data][unit_amount]') ?? '0'),
        currency: (session.get('line_items[0][price_data][currency]') ?? 'eur').toLowerCase(),
        metadata: { bookingId: String(bookingId) },
      },
    },
  });
  const webhook = await request.post(`/api/payments/notify/booking/0/${providerId}`, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    data: payload,
  });
  expect(webhook.status(), await webhook.text()).toBe(200);
  await page.goto(
    `${success.pathname}${success.search.replace(/(%7B|\{)CHECKOUT_SESSION_ID(%7D|\})/, sessionId)}`,
  );
  await expect(page.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  return bookingId;
}

/** The confirmation mail to `to` (the planned mail may come first). */
async function confirmationMail(to: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = await mailbox.latest(to);
    if (/confirm/i.test(mail.subject ?? '')) return mail;
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${to}: last "${mail.subject}"`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The lead guest's details and the terms accepted (the booking needs both). */
async function fillLead(page: Page, first: string, last: string, email: string) {
  await page.getByRole('textbox', { name: 'First name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.getByRole('textbox', { name: 'E-mail' }).first().fill(email);
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
}

/**
 * The confirmation asks for the guest forms: the guest fills every guest's form from its link, on the
 * phone; then staff see them all submitted on the booking.
 */
async function guestFormsFromMail(page: Page, text: string, bookingId: number, guests: [string, string][]) {
  const link = /https?:\/\/\S+\/guestform-m\/\d+\/[\w-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: 'Guest form', level: 1 })).toBeVisible();
  for (const [i, [first, last]] of guests.entries())
    await fillGuest(page.getByRole('region', { name: `${first} ${last}` }), {
      first,
      last,
      passport: `OL${bookingId}${i}`,
      flight: 'LH 630',
    });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await login(page, DEMO.staff, `/booking/${bookingId}`);
  await expect(page.getByTestId('booking-guestforms').getByText('submitted')).toHaveCount(guests.length);
}

/** Opens /book/online-v2, `months` ahead, the first departure, and picks two berths in `cabin`. */
async function twoBerths(page: Page, months: number, cabin: string) {
  await page.goto('/book/online-v2');
  await expect(page.getByRole('heading', { name: 'Book your trip' })).toBeVisible();
  const month = monthFromToday(months);
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(
    page.getByText(
      new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(month),
    ),
  ).toBeVisible();
  const departure = page.getByTestId('departure').first();
  // The month's first search prices each departure's cabin types (later ones come from the search cache).
  await expect(departure).toBeVisible({ timeout: 20_000 });
  await expect(departure.getByTestId('price-from')).toContainText('from');
  await departure.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByTestId('cabin-price').first()).toContainText('p.p.');
  await page.getByRole('combobox', { name: `Guests in ${cabin}` }).selectOption('2');
  await page.getByTestId('continue').click();
  await expect(page.getByRole('heading', { name: 'Guests and price' })).toBeVisible();
  await expect(page.getByTestId('total')).toBeVisible();
  await expectLinesAddUp(page);
}

/**
 * Opens /book/resort-v2, `months` ahead: an allowed arrival, the first allowed departure at least four days
 * later, two guests; the room types come with their prices; the first free one is chosen.
 */
async function stayForTwo(page: Page, months: number) {
  await page.goto('/book/resort-v2');
  await expect(page.getByRole('heading', { name: 'Book your trip' })).toBeVisible();
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next month' }).click();
  const prefix = monthFromToday(months).toISOString().slice(0, 7);
  await expect(page.locator(`button[data-date^="${prefix}"]`).first()).toBeVisible();
  await expect(page.getByTitle('Monday')).toBeVisible();
  const enabled = page.locator('button[data-date]:not([disabled])');
  await expect(enabled.first()).toBeVisible();
  await enabled.nth(2).click();
  await expect(page.getByText('Choose your departure day.')).toBeVisible();
  const arrival =
    (await page.locator('button[data-date][aria-pressed="true"]').getAttribute('data-date')) ?? '';
  const days = await page
    .locator('button[data-date]:not([disabled])')
    .evaluateAll((list) => list.map((b) => b.getAttribute('data-date') ?? ''));
  const departure = days.find((d) => d > arrival && Date.parse(d) - Date.parse(arrival) >= 4 * 86_400_000);
  await page.locator(`button[data-date="${departure}"]`).click();
  await expect(page.getByText(/Your stay:/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Guests' }).selectOption('2');
  const type = page.getByTestId('room-type').filter({ hasText: /free/ }).first();
  await expect(type.getByTestId('room-type-price')).toContainText('per person');
  await type.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByTestId('chosen-room')).toBeInViewport();
}

/** The price lines the guest sees (options apart, not counted) add up to the total shown. */
async function expectLinesAddUp(page: Page) {
  const amounts = await page
    .getByTestId('price-line')
    .evaluateAll((rows) => rows.map((r) => Math.round(Number(r.getAttribute('data-amount')) * 100)));
  const total = Math.round(Number(await page.getByTestId('total').getAttribute('data-amount')) * 100);
  expect(amounts.length).toBeGreaterThan(0);
  expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
}

test('a guest books two berths on a departure, pays with Stripe, gets the confirmation and fills the guest forms', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await twoBerths(page, 2, 'L2');
  await page.getByRole('textbox', { name: 'Name of guest 1' }).fill('Olga Online');
  await page.getByRole('textbox', { name: 'Name of guest 2' }).fill('Otto Online');
  await fillLead(page, 'Olga', 'Online', 'olga.online@example.test');
  await expectAccessible(page);
  await screenshots(page, 'online-booking-details');
  await page.getByTestId('book-now').click();
  await expect(page.getByRole('heading', { name: 'Pay your booking' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('held')).toContainText('reserved until');
  await expectAccessible(page);
  const bookingId = await payWithStripe(page, request);
  const mail = await confirmationMail('olga.online@example.test');
  const staff = await apiAs(request, DEMO.staff);
  const booking = await staff.get(`/api/book/${bookingId}`);
  expect(booking).toMatchObject({ state: 'confirmed', channel: 'CustomerDirectBooking', noOfPax: 2 });
  expect(mail.subject).toContain(booking.bookingNo);

  await guestFormsFromMail(page, mail.text ?? '', bookingId, [
    ['Olga', 'Online'],
    ['Otto', 'Online'],
  ]);
});

test('a guest books a resort stay, pays with Stripe, gets the confirmation and fills the guest forms', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await stayForTwo(page, 3);
  await page.getByTestId('continue').click();
  await expect(page.getByTestId('total')).toBeVisible();
  await expectLinesAddUp(page);
  await page.getByRole('textbox', { name: 'Name of guest 1' }).fill('Rita Resort');
  await page.getByRole('textbox', { name: 'Name of guest 2' }).fill('Rolf Resort');
  await fillLead(page, 'Rita', 'Resort', 'rita.resort@example.test');
  await page.getByTestId('book-now').click();
  await expect(page.getByRole('heading', { name: 'Pay your booking' })).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  await screenshots(page, 'online-booking-checkout');
  const bookingId = await payWithStripe(page, request);
  const mail = await confirmationMail('rita.resort@example.test');
  const staff = await apiAs(request, DEMO.staff);
  expect(await staff.get(`/api/book/${bookingId}`)).toMatchObject({ state: 'confirmed', type: 'resort' });
  await guestFormsFromMail(page, mail.text ?? '', bookingId, [
    ['Rita', 'Resort'],
    ['Rolf', 'Resort'],
  ]);
});

test('on a phone a guest books a stay where no card is taken: number, transfer details with QR code, the mail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await apiAs(request, DEMO.admin);
  // Only a bank transfer: the card providers off for this journey, our own account on.
  const cards = (
    (await admin.get('/api/payprovider?size=100')).data as { id: number; type: string; isActive: boolean }[]
  ).filter((p) => p.type !== 'bank_transfer' && p.isActive);
  const bank = await admin.post('/api/payprovider', {
    name: 'Transfer e2e',
    type: 'bank_transfer',
    config: { accountHolder: 'Atoll Dive GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
  });
  for (const p of cards) await admin.post(`/api/payprovider/${p.id}`, { isActive: false }, 200);
  try {
    await stayForTwo(page, 5);
    await expectAccessible(page);
    await page.getByTestId('continue').click();
    await expect(page.getByTestId('total')).toBeVisible();
    await expect(page.getByTestId('payment-schedule')).toBeVisible();
    await expect(page.getByTestId('cancellation-terms')).toBeVisible();
    await fillLead(page, 'Paula', 'Phone', 'paula.phone@example.test');
    await expectAccessible(page);
    await page.getByTestId('book-now').click();
    const number = page.getByTestId('booking-number');
    await expect(number).toBeVisible({ timeout: 15_000 });
    const bookingNo = ((await number.textContent()) ?? '').replace('Booking number: ', '');
    const transfer = page.getByTestId('bank-transfer');
    await expect(transfer).toContainText('DE02120300000000202051');
    await expect(transfer).toContainText(`Reference: ${bookingNo}`);
    await expect(page.getByTestId('epc-qr')).toBeVisible();
    await expect(page.getByText('Online payment is not available')).toHaveCount(0);
    await expect(page.getByText('We have sent you an e-mail with your booking')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'online-booking-transfer');
    const mail = await mailbox.latest('paula.phone@example.test');
    expect(`${mail.subject} ${mail.text}`).toContain(bookingNo);
  } finally {
    for (const p of cards) await admin.post(`/api/payprovider/${p.id}`, { isActive: true }, 200);
    await admin.post(`/api/payprovider/${bank.id}`, { isActive: false }, 200);
  }
});

async function guestPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  return { context, page: await context.newPage() };
}

test('two guests for the last berths: one gets the booking, the other sees "just taken"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await guestPage(browser);
  const b = await guestPage(browser);
  try {
    await twoBerths(a.page, 4, 'L4');
    await twoBerths(b.page, 4, 'L4');
    await fillLead(a.page, 'Anna', 'First', 'anna.first@example.test');
    await fillLead(b.page, 'Bert', 'Second', 'bert.second@example.test');
    await a.page.getByTestId('book-now').click();
    await expect(a.page.getByRole('heading', { name: 'Pay your booking' })).toBeVisible();
    await b.page.getByTestId('book-now').click();
    const taken = b.page.getByTestId('just-taken');
    await expect(taken).toBeVisible();
    await expect(taken).toContainText('someone else has just booked this');
    // Back at the cabins with fresh availability: L4 has no free berth any more.
    await expect(b.page.getByRole('combobox', { name: 'Guests in L4' })).toBeDisabled();
    await expectAccessible(b.page);
    await screenshots(b.page, 'online-booking-just-taken');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('the booking pages paint their heading from the HTML, in the guest’s language, before any script', async ({
  page,
}) => {
  // public.html's shell (ADR 0018): its inline script must pass the CSP (by its hash), with no JavaScript file.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED'))
      errors.push(message.text());
  });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/book/online-v2');
  await expect(page.getByRole('heading', { level: 1, name: 'Book your trip' })).toBeVisible();
  await page.goto('/book/resort-v2?lang=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Reise buchen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(errors).toEqual([]);
});
