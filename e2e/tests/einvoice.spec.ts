import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
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

  await login(page, DEMO.staff);
  await page.goto('/finance/invoices');
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

  const year = new Date().getFullYear();
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
  await login(page, DEMO.admin);
  await page.goto('/config/settings/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting' })).toBeVisible();
  await expect(page.getByLabel('DATEV consultant number')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'einvoice-accounting');
});
