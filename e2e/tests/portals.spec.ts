import { expect, type Page, test } from '@playwright/test';
import { apiAs, dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

test('the agent sees its agency home and books for a new client of its own', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.agent);
  const agency = page.getByRole('region', { name: 'Blue Reef Travel' });
  await expect(agency).toBeVisible();
  for (const figure of ['Bookings', 'Open payments', 'Commission earned', 'Credit balance']) {
    await expect(agency.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(agency.getByText(/^Your commission: \d+(\.\d+)? %$/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'home-agency');

  // The bookings figure opens the list of the bookings it counted.
  const figure = agency.getByText('Bookings', { exact: true }).locator('..');
  // The figure's own number (its notes start with numbers too: "2 upcoming or under way").
  const active = Number(await figure.getByText(/^\d+$/).first().textContent());
  await agency.getByRole('link', { name: 'Show the bookings' }).click();
  await expect(page).toHaveURL(/states=planned%2Cconfirmed%2Cwaiting%2Cresolved/);
  if (active === 0) await expect(page.getByText('Nothing matches the search or filter')).toBeVisible();
  else await expect(page.getByText(new RegExp(`of ${active}$`))).toBeVisible();
  await page.goto('/');

  // A new client: filed under the agent's agency and found again by the search.
  const clients = page.getByRole('region', { name: 'Your clients' });
  await clients.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog', { name: 'New client' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Neumann-Portal');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('nina.neumann@example.com');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Client Nina Neumann-Portal created.')).toBeVisible();
  await clients.getByRole('textbox', { name: 'Find a client by name or e-mail' }).fill('Neumann-Portal');
  await expect(clients.getByRole('row').filter({ hasText: 'Nina Neumann-Portal' })).toBeVisible();
  await expect(clients.getByRole('row')).toHaveCount(2);

  // The booking for her, from the home's button.
  await expect(agency.getByRole('link', { name: 'New booking' })).toHaveAttribute('href', '/booking/wizard');
  await page.goto('/booking/resort');
  await page.getByRole('combobox', { name: 'Resort' }).click();
  await page.getByRole('option', { name: RESORT }).click();
  await next(page);
  await page.getByLabel(/^Arrival/).fill(dayFromToday(210));
  await page.getByLabel(/^Departure/).fill(dayFromToday(214));
  await next(page);
  await page.getByRole('checkbox').first().check();
  await page.getByRole('textbox', { name: /^Guests in / }).fill('1');
  await next(page);
  await page
    .getByRole('radiogroup', { name: /^Kind of Guest 1/ })
    .getByText('Customer', { exact: true })
    .click();
  const picker = page.getByRole('combobox', { name: /^Customer for Guest 1/ });
  await picker.fill('Neumann-Portal');
  await page.getByRole('option', { name: /Nina Neumann-Portal/ }).click();
  await next(page);
  await expect(page.getByRole('table', { name: 'Calculation lines' })).toBeVisible();
  await next(page);
  await page.getByRole('button', { name: 'Save as reservation' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/);
  await expect(page.getByRole('main').getByText('Nina Neumann-Portal').first()).toBeVisible();
});

test('the customer opens an own booking and its confirmation document', async ({ page, request }) => {
  test.setTimeout(90_000);
  const staff = await apiAs(request, DEMO.staff);
  const maria = (await staff.get('/api/customers?search=Sommer')).data.find(
    (c: { fullName: string }) => c.fullName === 'Maria Sommer',
  );
  const resortId = (await staff.get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  const rooms = (
    await staff.get(`/api/rooms?size=0&sort=id&filter=${encodeURIComponent(JSON.stringify({ resortId }))}`)
  ).data as { id: number }[];
  const booking = await staff.post('/api/bookings', {
    state: 'confirmed',
    language: 'en',
    customerId: maria.id,
    rooms: [
      {
        roomId: rooms.at(-3)?.id,
        from: dayFromToday(230),
        to: dayFromToday(236),
        guests: [{ customerId: maria.id }, { name: 'Tom Sommer', gender: 'm', age: 44 }],
      },
    ],
  });

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) refused.push(response.url());
  });
  await login(page, DEMO.customer, '/club/login');
  const own = page.getByRole('region', { name: 'Your bookings' });
  const row = own.getByRole('row').filter({ hasText: booking.bookingNo });
  // A missing row told apart from a wrong state. The confirmed state's label is "Booking".
  await expect(row).toBeVisible();
  await expect(row.getByText('Booking', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'home-customer');

  await row.getByRole('link', { name: booking.bookingNo }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
  await expect(page.getByRole('heading', { name: `Booking ${booking.bookingNo}` })).toBeVisible();
  const pdf = page.waitForResponse((r) => r.url().includes(`/api/bookings/${booking.id}/download`));
  await page.getByRole('button', { name: 'Confirmation', exact: true }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await expectAccessible(page);
  await screenshots(page, 'booking-customer');

  // The customer pays the open amount itself: by transfer, to the operator's account, the number as reference.
  const admin = await apiAs(request, DEMO.admin);
  const bank = await admin.post('/api/payprovider', {
    name: 'Transfer for the portal',
    type: 'bank_transfer',
    config: { accountHolder: 'Atoll Demo Divers GmbH', iban: 'DE02120300000000202051' },
  });
  try {
    await page.reload();
    const payNow = page.getByTestId('pay-now');
    await expect(payNow.getByRole('heading', { name: /^Pay €[\d,.]+ now$/ })).toBeVisible();
    await payNow.getByRole('button', { name: 'Pay by bank transfer' }).first().click();
    const transfer = page.getByTestId('pay-now-transfer');
    await expect(transfer).toContainText('DE02120300000000202051');
    await expect(transfer).toContainText(`Reference: ${booking.bookingNo}`);
    await expectAccessible(page);
  } finally {
    await admin.post(`/api/payprovider/${bank.id}`, { isActive: false }, 200);
  }
  expect(refused).toEqual([]);
});
