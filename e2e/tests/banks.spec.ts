import { expect, test } from '@playwright/test';
import { apiAs, dayFromToday, resortStay } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const german = (day: string) => day.split('-').reverse().join('.');

test('the office imports a bank statement, sees the suggestion and assigns the entry to the booking', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, DEMO.staff);
  const booking = await resortStay(api, {
    state: 'confirmed',
    room: 3,
    days: [180, 184],
    guests: ['Bank Anna', 'Bank Ben'],
  });
  expect(Number(booking.openAmount)).toBeGreaterThan(100);

  // A statement of the demo's "Hausbank": a part payment naming the booking (a weak match, left to staff)
  // and a line that is no payment of a booking.
  const today = dayFromToday(0);
  const csv = [
    'Buchungstag;Betrag;Währung;Name Zahlungsbeteiligter;Verwendungszweck;Buchungsreferenz',
    `${german(today)};100,00;EUR;Anna Bank;Anzahlung ${booking.bookingNo.replace('-', ' ')};E2E-${booking.id}-1`,
    `${german(today)};-49,90;EUR;Telekom;Rechnung Internet;E2E-${booking.id}-2`,
  ].join('\n');

  await login(page, DEMO.staff, '/bank/entry/list');
  await expect(page.getByRole('heading', { name: 'Bank transactions' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const result = page.getByRole('status').filter({ hasText: 'Statement imported' });
  await expect(result).toContainText('2 imported');
  await expect(result).toContainText('1 with suggestions');
  await expect(result).toContainText('0 assigned automatically');

  const row = page.getByRole('row').filter({ hasText: `Anzahlung ${booking.bookingNo.replace('-', ' ')}` });
  await expect(row.getByText(`Possibly: ${booking.bookingNo}`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'bank-entries');

  await row.getByRole('button', { name: 'Assign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign bank entry' });
  await expect(dialog.getByRole('radio', { name: new RegExp(booking.bookingNo) })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: /Amount/ })).toHaveValue('100.00');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(`${booking.bookingNo}: €100.00`)).toBeVisible();

  const paid = await api.get(`/api/bookings/${booking.id}`);
  expect(paid).toMatchObject({ paid: '100.00', paymentStatus: 'partial' });
  expect(Number(paid.openAmount)).toBeCloseTo(Number(booking.openAmount) - 100, 2);
});

test('the administrator keeps the account with its CSV mapping and reads cash flow and payment lists', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin, '/bank/list');
  await expect(page.getByRole('heading', { name: 'Bank accounts' })).toBeVisible();
  await page.getByRole('cell', { name: 'Hausbank' }).first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('textbox', { name: 'Date', exact: true })).toHaveValue('Buchungstag');
  await drawer.getByRole('textbox', { name: 'Reference text' }).fill('Verwendungszweck');
  await expectAccessible(page);
  await screenshots(page, 'bank-edit');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  await page.goto('/bank/cashflow');
  await expect(page.getByRole('heading', { name: 'Cash flow' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Cash flow chart/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cash flow per month' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'bank-cashflow');

  for (const [path, heading] of [
    ['/bank/entry/manual', 'Manual payments'],
    ['/bank/entry/temporary', 'Unassigned payments'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText('No payments.').or(page.getByRole('table'))).toBeVisible();
    await expectAccessible(page);
  }
});

test('the administrator maps a Deutsche Bank statement: lines around the entries, debit and credit columns', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, DEMO.admin);
  const name = `Deutsche Bank ${Date.now()}`;
  const bank = await api.post('/api/banks', {
    name,
    csvMapping: { columns: { date: 'Buchungstag', amount: 'Betrag' } },
  });
  await login(page, DEMO.admin, '/bank/list');
  await page.getByRole('cell', { name }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Lines before the columns' }).fill('4');
  await drawer.getByRole('textbox', { name: 'Lines after the entries' }).fill('1');
  await drawer.getByText('Debit and credit columns').click();
  await expect(drawer.getByRole('textbox', { name: 'Amount', exact: true })).toBeHidden();
  await drawer.getByRole('textbox', { name: 'Debit (money out)' }).fill('Soll');
  await drawer.getByRole('textbox', { name: 'Credit (money in)' }).fill('Haben');
  await expectAccessible(page);
  await screenshots(page, 'bank-edit-debit-credit');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  const saved = await api.get(`/api/banks/${bank.id}`);
  expect(saved.csvMapping).toMatchObject({
    skipLines: 4,
    footerLines: 1,
    columns: { date: 'Buchungstag', amount: null, debit: 'Soll', credit: 'Haben' },
  });
});

test('the office imports an MT940 statement through the same button; a second import adds nothing', async ({
  page,
}) => {
  // The format is read off the file, not its name: SWIFT fields make it MT940 (camt.053 would be XML).
  const day = dayFromToday(0).slice(2).replaceAll('-', '');
  const ref = `MT${Date.now()}`;
  const mt940 = [
    ':20:STARTUMSE',
    ':25:21050170/12345678',
    ':28C:00001/001',
    `:60F:C${day}EUR1000,00`,
    `:61:${day}${day.slice(2)}C250,00NTRFNONREF//${ref}-1`,
    ':86:166?00GUTSCHRIFT?20SVWZ+Anzahlung Tauchkurs?32Jörg Müller',
    `:61:${day}${day.slice(2)}D19,90NDDTNONREF//${ref}-2`,
    ':86:105?00LASTSCHRIFT?20SVWZ+Flaschen-TÜV?32Prüfstelle Süd',
    `:62F:C${day}EUR1230,10`,
    '-',
  ].join('\r\n');
  const upload = () =>
    page.locator('input[type="file"]').setInputFiles({
      name: 'umsaetze.sta',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(mt940, 'utf8'),
    });

  await login(page, DEMO.staff, '/bank/entry/list');
  await expect(page.getByRole('button', { name: 'Import statement' })).toBeVisible();
  await upload();
  const result = page.getByRole('status').filter({ hasText: 'Statement imported' });
  await expect(result).toContainText('2 imported');
  await expect(page.getByRole('row').filter({ hasText: 'Anzahlung Tauchkurs' })).toBeVisible();
  await upload();
  await expect(result).toContainText('0 imported');
});
