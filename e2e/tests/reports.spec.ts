import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { apiAs, confirmedCabinBooking, dayFromToday, resortStay } from './support/booking-api.ts';
import { DEMO, login, screenshots } from './support/helpers.ts';

// The /stats screens over bookings made here (the journeys' demo has no season): a resort stay of the agent's
// agency and a cabin on the next departure. Staff sees charts and tables on each screen, the export
// downloads a CSV that parses, and the agent's figures are its agency's only.

const range = `from=${dayFromToday(-1)}&to=${dayFromToday(700)}`;
let agencyId: number;

test.beforeAll(async ({ request }) => {
  const staff = await apiAs(request, DEMO.staff);
  const agent = await apiAs(request, DEMO.agent);
  agencyId = (await agent.get('/api/auth/me')).agencyId;
  const stay = await resortStay(staff, {
    state: 'confirmed',
    room: 2,
    days: [30, 34],
    guests: ['Rhea Report', 'Rolf Report'],
  });
  const headers = (await request.post('/api/auth/token', { data: DEMO.staff }).then((r) => r.json())).token;
  const put = await request.put(`/api/bookings/${stay.id}`, {
    headers: { authorization: `Bearer ${headers}` },
    data: { agencyId },
  });
  expect(put.status(), await put.text()).toBe(200);
  await confirmedCabinBooking(staff, ['Cora Report', 'Carl Report']);
});

test('staff sees charts and tables on every /stats screen', async ({ page }) => {
  await login(page, DEMO.staff);
  for (const [path, sections] of [
    ['/stats/booking', ['Bookings', 'Guests by age']],
    ['/stats/tour', ['Berths sold per departure', 'Berth-nights per vessel and year']],
    ['/stats/occupancy', ['Occupancy per resort and month', 'Rooms by nights sold']],
  ] as const) {
    await page.goto(`${path}?${range}`);
    for (const name of sections) {
      const section = page.getByRole('region', { name });
      await expect(section.getByRole('table', { name }).locator('tbody tr').first()).toBeVisible();
    }
    await expect(page.getByTestId('report-chart').first()).toBeVisible();
    await screenshots(page, `reports${path.replaceAll('/', '-')}`);
  }
  // The filters live in the address: a grouping survives a reload.
  await page.goto(`/stats/booking?${range}&groupBy=channel`);
  await expect(page.getByRole('table', { name: 'Bookings' }).getByText('Booking', { exact: true })).toBeVisible();
});

test('finance sees the finance screen and downloads an export that parses', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto(`/stats/base?${range}`);
  const finance = page.getByRole('table', { name: 'Revenue, payments and open amounts' });
  await expect(finance.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('report-chart').first()).toBeVisible();
  await screenshots(page, 'reports-stats-base');

  await page.goto(`/stats/export?${range}&report=bookingInfoStats`);
  await expect(page.getByRole('table', { name: 'Bookings by state' }).locator('tbody tr').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  const csv = Papa.parse<string[]>(Buffer.concat(text).toString('utf8').replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  });
  expect(csv.errors).toEqual([]);
  expect(csv.data[0]).toEqual(['Name', 'Bookings', 'Guests', 'Revenue', 'Open']);
  const confirmed = csv.data.find((row) => row[0] === 'confirmed');
  expect(Number(confirmed?.[1])).toBeGreaterThanOrEqual(2);
  expect(csv.data.at(-1)?.[0]).toBe('Total');
  await screenshots(page, 'reports-stats-export');
});

test('the agent’s figures are its agency’s only', async ({ request }) => {
  const agent = await apiAs(request, DEMO.agent);
  const admin = await apiAs(request, DEMO.admin);
  const own = await agent.get(`/api/bookings/topAgencies?${range}`);
  expect(own.rows.map((r: { label: string }) => r.label)).toEqual(['Blue Reef Travel']);
  const agentStates = await agent.get(`/api/bookings/bookingInfoStats?${range}`);
  const houseStates = await admin.get(`/api/bookings/bookingInfoStats?${range}`);
  expect(agentStates.total.bookings).toBeGreaterThanOrEqual(1);
  expect(houseStates.total.bookings).toBeGreaterThan(agentStates.total.bookings);
  const refused = await request.get(`/api/bookings/report/finance?${range}`, {
    headers: {
      authorization: `Bearer ${(await (await request.post('/api/auth/token', { data: DEMO.agent })).json()).token}`,
    },
  });
  expect(refused.status()).toBe(403);
});
