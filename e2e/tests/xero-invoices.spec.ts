import { expect, test } from '@playwright/test';
import { FAKE, xeroFake } from '../../apps/server/test/xero-fake.ts';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Pushing an invoice to Xero from /finance/invoices (docs/domain/xero.md): a Xero connection authorised against
// a local server speaking Xero's contract (never the internet); the first push fails on Xero's side and the row
// says why, the invoice unchanged; the second one lands and the row shows the status in Xero.

test.use({ locale: 'en-GB' });

let fake: Awaited<ReturnType<typeof xeroFake>>;
let connectionId: number;

test.beforeAll(async ({ request }) => {
  fake = await xeroFake();
  const admin = await apiAs(request, DEMO.admin);
  connectionId = (
    await admin.post('/api/plugins/xero', {
      name: 'Xero e2e',
      config: {
        clientId: FAKE.clientId,
        redirectUri: 'https://atoll.example/plugins',
        apiBase: fake.base,
        identityBase: fake.base,
        loginBase: fake.base,
      },
      secrets: { clientSecret: FAKE.clientSecret },
    })
  ).id;
  const consent = await admin.post(`/api/plugins/xero/${connectionId}/connect`, {}, 200);
  const state = new URL(consent.url).searchParams.get('state');
  await admin.post(`/api/plugins/xero/${connectionId}/callback`, { code: FAKE.code, state }, 200);
});

test.afterAll(async ({ request }) => {
  // Pushed invoices keep the connection (it cannot be deleted): switched off, the other journeys see no Xero.
  const admin = await apiAs(request, DEMO.admin);
  await admin.post(`/api/plugins/xero/${connectionId}`, { isActive: false }, 200);
  await fake?.close();
});

test('staff push an invoice to Xero and see why a push failed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(staff, ['Xena Xero', 'Xaver Xero']);
  await staff.post(`/api/bookings/${booking.id}/store`, { template: 'invoice' }, 201);
  const invoice = (await staff.get(`/api/invoices?bookingId=${booking.id}`)).data[0];

  await login(page, DEMO.staff, '/finance/invoices');
  const row = page.getByRole('row').filter({ hasText: invoice.number });
  await expect(row.getByRole('button', { name: 'Push to Xero' })).toBeVisible();

  fake.state.failNext = { status: 500, body: { Title: 'An error occurred', Detail: 'Internal' } };
  await row.getByRole('button', { name: 'Push to Xero' }).click();
  await expect(row.getByText('Xero: failed')).toBeVisible();
  await expect(row.getByRole('alert')).toContainText('Not sent, the invoice is unchanged.');
  await expect(row.getByRole('alert')).toContainText('500');
  expect(await staff.get(`/api/invoices/${invoice.id}`)).toEqual(invoice);
  await screenshots(page, 'xero-invoice-failed');

  fake.state.failNext = null;
  await row.getByRole('button', { name: 'Push to Xero' }).click();
  await expect(row.getByText('Xero: approved')).toBeVisible();
  await expect(row.getByText('Xero: failed')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Push to Xero' })).toHaveCount(0);
  expect([...fake.state.invoices.values()].map((i) => i.invoiceNumber)).toContain(invoice.number);
  // The Xero menu appears where the pointer just clicked: hovered, its text still reads at 4.5:1.
  await row.getByRole('button', { name: `Xero: invoice ${invoice.number}` }).hover();
  await expectAccessible(page);
  await screenshots(page, 'xero-invoice-pushed');
});
