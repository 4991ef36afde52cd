import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Invoices: staff issue the invoice of a confirmed booking on its detail page and open its PDF
// (read back with pdftotext: names in any script, the VAT as configured);
// the invoices list shows it; a guest opens the public invoice link without login and reaches the payment
// (bank transfer instructions); a wrong link says so; staff cancel it with a cancellation invoice.

test.use({ locale: 'en-GB' });

test('staff issue an invoice and open its PDF; a guest opens the public link and reaches the payment', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await apiAs(request, DEMO.staff);
  const admin = await apiAs(request, DEMO.admin);
  await admin.post('/api/payprovider', {
    name: 'Bank transfer',
    type: 'bank_transfer',
    config: { accountHolder: 'Atoll Demo Divers GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
  });
  // The lead guest is billed: a name in scripts the PDF standard fonts cannot print.
  const booking = await confirmedCabinBooking(staff, ['Łukasz Ősz Dvořák-Şahin', 'Jon Invoice']);

  await login(page, DEMO.staff, `/booking/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Documents', exact: true })).toBeVisible();
  await expect(page.getByText('No invoice issued yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  // It asks first, saying who is billed and how much.
  const confirm = page.getByRole('dialog', { name: /^Issue the invoice for/ });
  await expect(confirm).toContainText('made out to the customer');
  await confirm.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('The invoice was issued.')).toBeVisible();
  const number = page.getByRole('button', { name: /^\d{4}-\d{6}$/ });
  await expect(number).toBeVisible();
  const invoiceNo = (await number.textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);

  // The PDF opens in a new tab; read back with pdftotext it names the guest intact and says why no VAT.
  const [tab, pdf] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => /\/api\/invoices\/\d+\/pdf$/.test(r.url())),
    number.click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  const file = join(mkdtempSync(join(tmpdir(), 'atoll-invoice-')), 'invoice.pdf');
  // The page read the response as a blob; the same call again, with the staff member's session.
  const again = await page.request.get(pdf.url());
  expect(again.headers()['content-type']).toContain('application/pdf');
  writeFileSync(file, await again.body());
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Łukasz Ősz Dvořák-Şahin');
  expect(text).toContain(`Invoice ${invoiceNo}`);
  // The demo sells stays abroad: 0 % VAT, with the exemption reason of the company settings.
  expect(text).toMatch(/0 % VAT/);
  expect(text).toContain('Services at 0 %: Tax-exempt travel service');
  expect(text).toContain('Atoll Demo Divers GmbH, Managing directors: Jana Petersen, Lars Holm');
  expect(text).not.toContain('no VAT');
  await screenshots(page, 'booking-documents');

  // The finance list shows it.
  await page.goto('/finance/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('cell', { name: invoiceNo })).toBeVisible();
  await expect(page.getByRole('link', { name: booking.bookingNo })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'finance-invoices');

  // A guest opens the public link without login.
  const link = (await staff.post(`/api/bookings/${booking.id}/invoice/public`, {}, 200)) as { url: string };
  const context = await browser.newContext({ locale: 'en-GB' });
  const guest = await context.newPage();
  await guest.goto(new URL(link.url).pathname);
  await expect(guest.getByRole('heading', { name: `Invoice ${invoiceNo}` })).toBeVisible();
  await expect(guest.getByText('Open amount')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/pdf$/);
  await expectAccessible(guest);
  await screenshots(guest, 'public-invoice');
  await guest.getByRole('button', { name: 'Pay now' }).click();
  await expect(guest.getByText('Bank transfer')).toBeVisible();
  await expect(guest.getByText('IBAN DE02120300000000202051')).toBeVisible();
  await expect(guest.getByText(`Reference: ${booking.bookingNo}`)).toBeVisible();

  // A wrong token shows no invoice.
  await guest.goto('/invoice/not-a-valid-token-at-all-000000000');
  await expect(guest.getByText('This invoice link is not valid.', { exact: false })).toBeVisible();
  await context.close();

  // Staff cancel it from the list: a cancellation invoice with its own number reverses it.
  const row = page.getByRole('row').filter({ hasText: invoiceNo });
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel invoice ${invoiceNo}?` });
  await dialog.getByRole('button', { name: 'Cancellation invoice' }).click();
  await expect(page.getByText('The cancellation invoice was issued.')).toBeVisible();
  await expect(row.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ hasText: booking.bookingNo }).filter({ hasNotText: invoiceNo }),
  ).toContainText('Cancellation invoice');
});
