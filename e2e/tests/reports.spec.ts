import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { apiAs, confirmedCabinBooking, dayFromToday } from './support/booking-api.ts';
import { DEMO, login, screenshots } from './support/helpers.ts';

// The /stats screens over bookings made here (the journeys' demo has no season): a resort stay of the agent's
// agency and a cabin on the next departure. Staff sees charts and tables on each screen, the export
// downloads a CSV that parses, and the agent's figures are its agency's only.

const range = `from=${dayFromToday(-1)}&to=${dayFromToday(700)}`;

test.beforeAll(async ({ request }) => {
  const staff = await apiAs(request, DEMO.staff);
  const agent = await apiAs(request, DEMO.agent);
  // The agent books for its agency (agents' bookings carry their agency).
  const resort = (await staff.get('/api/resort?search=Coral%20Garden%20Resort')).data[0].id as number;
  const filter = encodeURIComponent(JSON.stringify({ resortId: resort }));
  const rooms = (await staff.get(`/api/rooms?size=0&sort=id&filter=${filter}`)).data as { id: number }[];
  await agent.post('/api/bookings', {
    state: 'confirmed',
    language: 'en',
    rooms: [
      {
        roomId: rooms.at(-2)?.id,
        from: dayFromToday(30),
        to: dayFromToday(34),
        guests: [
          { name: 'Rhea Report', gender: 'f', age: 40 },
          { name: 'Rolf Report', gender: 'm', age: 42 },
        ],
      },
    ],
  });
  // The cabin's lead is a demo customer from Switzerland: where guests come from.
  const lead = (await staff.get('/api/customers?search=Corinne%20Keller')).data[0].id as number;
  await confirmedCabinBooking(staff, ['Cora Report', 'Carl Report'], lead);
});

/** The file a download button of the export screen saves. */
async function downloaded(page: Page, button: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const chunks = await (await (await download).createReadStream()).toArray();
  return Buffer.concat(chunks);
}

test('staff sees charts and tables on every /stats screen', async ({ page, request }) => {
  const staff = await apiAs(request, DEMO.staff);
  const countries = (await staff.get(`/api/bookings/topCountries?${range}`)).rows as { label: string }[];
  const country = countries.find((r) => /^[A-Z]{2}$/.test(r.label))?.label;
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
  // Countries by their names in the user's language, not their codes.
  expect(country, 'a booking of a customer with a country').toBeTruthy();
  await page.goto(`/stats/booking?${range}`);
  const byCountry = page.getByRole('table', { name: 'Countries of origin' });
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(country ?? '');
  await expect(byCountry.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(byCountry.getByRole('cell', { name: country, exact: true })).toHaveCount(0);
  // The filters live in the address: a grouping survives a reload.
  await page.goto(`/stats/booking?${range}&groupBy=channel`);
  const byChannel = page.getByRole('table', { name: 'Bookings' });
  await expect(byChannel.getByText('Agency portal', { exact: true })).toBeVisible();
  await expect(byChannel.getByText('Office', { exact: true })).toBeVisible();
});

test('finance sees the finance screen and downloads an export that parses', async ({ page, request }) => {
  await login(page, DEMO.admin, `/stats/base?${range}`);
  const finance = page.getByRole('table', { name: 'Revenue, payments and open amounts' });
  await expect(finance.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('report-chart').first()).toBeVisible();
  await screenshots(page, 'reports-stats-base');

  // Finance sees room revenue, ADR and RevPAR per month as the server computed them, formatted.
  await page.goto(`/stats/occupancy?${range}`);
  const occupancy = await (await apiAs(request, DEMO.admin)).get(
    `/api/bookings/occupancyPerYear?${range}&groupBy=month`,
  );
  const month = occupancy.periods.find((p: { adr: string | null }) => p.adr !== null);
  const table = page.getByRole('table', { name: 'Occupancy, average daily rate and RevPAR' });
  await expect(table.getByRole('columnheader', { name: 'Average daily rate' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: month.period });
  const money = (v: string) => new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(Number(v));
  await expect(row).toContainText(money(month.adr));
  await expect(row).toContainText(money(month.revpar));
  await screenshots(page, 'reports-stats-occupancy-finance');

  await page.goto(`/stats/export?${range}&report=bookingInfoStats`);
  await expect(
    page.getByRole('table', { name: 'Bookings by state' }).locator('tbody tr').first(),
  ).toBeVisible();
  const csv = Papa.parse<string[]>(
    (await downloaded(page, 'Download CSV')).toString('utf8').replace(/^\uFEFF/, ''),
    {
      skipEmptyLines: true,
    },
  );
  expect(csv.errors).toEqual([]);
  expect(csv.data[0]).toEqual(['Name', 'Bookings', 'Guests', 'Revenue', 'Open']);
  // The export prints the state in the user's language, not its code.
  const confirmed = csv.data.find((row) => row[0] === 'Confirmed');
  expect(Number(confirmed?.[1])).toBeGreaterThanOrEqual(2);
  expect(csv.data.at(-1)?.[0]).toBe('Total');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await downloaded(page, 'Download XLSX')) as unknown as ArrayBuffer);
  const rows = book.worksheets[0]?.getSheetValues().filter(Boolean) as unknown[][];
  expect(rows.map((r) => r[1])).toEqual(csv.data.map((r) => r[0]));
  expect(rows.find((r) => r[1] === 'Confirmed')?.[2]).toBe(Number(confirmed?.[1]));
  const pdf = await downloaded(page, 'Download PDF');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
  expect(text).toContain('Bookings by state');
  expect(text).toMatch(/Name\s+Bookings\s+Guests\s+Revenue\s+Open/);
  expect(text).toMatch(new RegExp(`Confirmed\\s+${confirmed?.[1]}\\s`));
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
