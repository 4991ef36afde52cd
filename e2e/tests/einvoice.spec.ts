import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { apiAs, confirmedCabinBooking, dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// E-invoices and the DATEV export: staff open an issued invoice's XRechnung and ZUGFeRD PDF from
// /finance/invoices, download the DATEV file of the year, and set the syntax and chart under /config.

test.use({ locale: 'en-GB' });

test('staff download an invoice as XRechnung and ZUGFeRD and the year for DATEV', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(staff, ['Jörg Einvoice', 'Ana Einvoice']);
  await staff.post(`/api/bookings/${booking.id}/store`, { template: 'invoice' }, 201);
  const invoices = await staff.get(`/api/invoices?bookingId=${booking.id}`);
  const number: string = invoices.data[0].number;

  await login(page, DEMO.staff, '/finance/invoices');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'E-invoice' }).click();
  const [tab, xml] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/invoices\/\d+\/xrechnung\?syntax=cii$/.test(r.url())),
    page.getByRole('menuitem', { name: 'XRechnung (CII)' }).click(),
  ]);
  await tab.close();
  expect(xml.status()).toBe(200);
  const again = await page.request.get(xml.url());
  expect(await again.text()).toContain(`<ram:ID>${number}</ram:ID>`);

  await row.getByRole('button', { name: 'E-invoice' }).click();
  const [pdfTab, pdf] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/pdf\?format=zugferd$/.test(r.url())),
    page.getByRole('menuitem', { name: 'ZUGFeRD PDF' }).click(),
  ]);
  await pdfTab.close();
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  const year = dayFromToday(0).slice(0, 4);
  const [datevTab, datev] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().includes('/api/invoices/datev')),
    page.getByRole('button', { name: `DATEV export ${year}` }).click(),
  ]);
  await datevTab.close();
  expect(datev.status()).toBe(200);
  await screenshots(page, 'einvoice-invoices');
});

test('the admin sets the e-invoice syntax and the DATEV chart', async ({ page }) => {
  await login(page, DEMO.admin, '/config/settings/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting' })).toBeVisible();
  await expect(page.getByLabel('DATEV consultant number')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'einvoice-accounting');
});

test('the admin downloads the DATEV file of a month from /stats/export, and it reads as EXTF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(staff, ['Dora Datev', 'Dirk Datev']);
  await staff.post(`/api/bookings/${booking.id}/store`, { template: 'invoice' }, 201);
  const invoice = (await staff.get(`/api/invoices?bookingId=${booking.id}`)).data[0];
  const [year, month] = (invoice.date as string).split('-');

  await login(page, DEMO.admin, '/stats/export');
  const datev = page.getByRole('region', { name: 'DATEV export (Buchungsstapel)' });
  await expect(datev).toBeVisible();
  await datev.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await datev.getByRole('combobox', { name: 'Month' }).click();
  const monthName = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  await page.getByRole('option', { name: monthName, exact: true }).click();
  const download = page.waitForEvent('download');
  await datev.getByRole('button', { name: 'Download DATEV file' }).click();
  const file = await download;
  const last = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  expect(file.suggestedFilename()).toBe(
    `EXTF_Buchungsstapel_${year}-${month}-01_${year}-${month}-${last}.csv`,
  );
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  const text = new TextDecoder('windows-1252').decode(bytes);
  const csv = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  const [header, columns, ...lines] = csv.data;
  // The header line: EXTF, format version, category 21 (Buchungsstapel), the period from and to.
  expect(header?.[0]).toBe('EXTF');
  expect(header?.[3]).toBe('Buchungsstapel');
  expect(header).toContain(`${year}${month}01`);
  expect(columns?.slice(0, 2)).toEqual(['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen']);
  // Amounts with a decimal comma, no thousands separator; the invoice's lines sum to its gross.
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line[0]).toMatch(/^\d+,\d{2}$/);
  const ours = lines.filter((l) => l.includes(invoice.number));
  const cents = ours.reduce((sum, l) => sum + Number((l[0] ?? '0').replace(',', '')), 0);
  expect((cents / 100).toFixed(2)).toBe(invoice.gross);
  await screenshots(page, 'einvoice-datev-export');
});

test('the admin gives an agency its Leitweg-ID, checked on the form', async ({ page, request }) => {
  const admin = await apiAs(request, DEMO.admin);
  const agency = (await admin.get('/api/agencies?search=Blue%20Reef')).data[0];
  await login(page, DEMO.admin, `/agency/${agency.id}`);
  const field = page.getByRole('textbox', { name: 'Leitweg-ID (XRechnung)' });
  await field.fill('991-12345-67');
  await field.blur();
  await expect(page.getByText('The check digits do not fit this Leitweg-ID')).toBeVisible();
  await field.fill('04011000-1234512345-06');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await admin.get(`/api/agencies/${agency.id}`)).leitwegId)
    .toBe('04011000-1234512345-06');
  await screenshots(page, 'einvoice-leitweg-id');
  await admin.post(`/api/agencies/${agency.id}`, { leitwegId: '' }, 200);
});
