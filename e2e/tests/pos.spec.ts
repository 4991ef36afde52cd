import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAs, resortStay } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

type TAccount = { items: { text: string; total: string }[]; total: string; open: string };
const RESORT = 'Coral Garden Resort';

/**
 * Nothing wider than the window at this width (no sideways scroll), the tab's open amount in view. Where the counter
 * is one column (a phone) the tab comes after the catalogue: a bar under the products says what is open and leads
 * to the tab; beside the catalogue there is no bar.
 */
async function fitsAt(page: import('@playwright/test').Page, width: number, name: string, open: string) {
  await page.setViewportSize({ width, height: width < 500 ? 800 : 1024 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  const toTab = page.getByRole('button', { name: 'To the tab' });
  const catalogue = await page.getByRole('region', { name: 'Products' }).boundingBox();
  const tab = await page.getByTestId('tab-open').boundingBox();
  if (!catalogue || !tab) throw new Error('no catalogue or tab on the counter');
  if (tab.y > catalogue.y + catalogue.height) {
    // One column: at the top of the page the catalogue runs past the screen's bottom, the tab below it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(toTab).toBeInViewport();
    await expect(page.getByText(open, { exact: true }).first()).toBeInViewport();
    if (width < 500) await expect(page.getByTestId('tab-open')).not.toBeInViewport();
    await toTab.click();
  } else {
    expect(width, 'a phone has the counter in one column').toBeGreaterThan(500);
    await expect(toTab).toBeHidden();
    await page.getByTestId('tab-open').scrollIntoViewIfNeeded();
  }
  await expect(page.getByTestId('tab-open')).toBeInViewport();
  expect(await cutTexts(page)).toEqual([]);
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
}

test('a cashier sells to a room tab and a walk-in, keeps selling offline, and every sale is on the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, DEMO.admin);
  await api.post('/api/settings/group/features', { pos: true, stock: true }, 200);
  const stamp = Date.now();
  const product = async (name: string, body: object) =>
    (await api.post('/api/product', { name: `${name} ${stamp}`, ...body })) as { id: number; name: string };
  const nitrox = await product('Nitrox', { chargingBase: 'PerDiveDay', price: '12.00' });
  const fins = await product('Fins', { type: 'ReusableGood', chargingBase: 'PerBooking', price: '8.00' });
  const shirt = await product('T-Shirt', { price: '25.00', trackStock: true });
  await api.post(`/api/product/${shirt.id}/stock/update`, { change: '10' }, 200);
  // Goods received at the resort: its own stock of T-shirts (part of the total).
  const resortId = (await api.get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  await api.post(`/api/product/${shirt.id}/stock/update`, { change: '6', reason: 'delivery', resortId }, 200);
  const shirtAtResort = async () =>
    (
      (await api.get('/api/product/stock/assets')).data as {
        productId: number;
        resortId: number | null;
        stock: string;
      }[]
    ).find((s) => s.productId === shirt.id && s.resortId === resortId)?.stock;
  const water = await product('Water', { price: '2.50' });
  const cap = await product('Cap', { price: '15.00' });
  const booking = await resortStay(api, {
    state: 'confirmed',
    room: 3,
    days: [0, 4],
    guests: ['Counter Anna', 'Counter Ben'],
  });

  await login(page, DEMO.admin, '/pos/counter');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  const synced = page.getByTestId('pos-pending');
  const sell = (p: { name: string }) => page.getByRole('button', { name: new RegExp(`^${p.name}`) }).click();

  // The booked guest's room tab: nitrox (per dive day, 2 dive days × 2 guests) and fins.
  await page.getByRole('textbox', { name: 'Room tab' }).fill(booking.bookingNo);
  await page.getByRole('button', { name: new RegExp(booking.bookingNo) }).click();
  await sell(nitrox);
  await sell(fins);
  await expect(page.getByRole('cell', { name: `4 × ${nitrox.name}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: `1 × ${fins.name}` })).toBeVisible();
  await expect(synced).toHaveText('0 to sync');
  await expect(page.getByText('Charged to the room')).toBeVisible();

  // A walk-in at the resort buys a T-shirt: the cashier chooses where the walk-in's tab is.
  const atResort = page.getByRole('radio', { name: RESORT, exact: true });
  if ((await atResort.count()) > 0) {
    await page.locator(`label[for="${await atResort.getAttribute('id')}"]`).click();
    await expect(atResort).toBeChecked();
  } else {
    await page.getByRole('combobox', { name: 'Walk-ins at' }).click();
    await page.getByRole('option', { name: RESORT, exact: true }).click();
  }
  await page.getByRole('button', { name: 'New walk-in' }).click();
  await expect(page.getByRole('heading', { name: /^Walk-in/ })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Walk-in.*· ${RESORT}`) })).toBeVisible();
  // At once, while the new tab may still be on its way to the server.
  await sell(shirt);
  await expect(page.getByTestId('tab-open')).toHaveText('€25.00', { timeout: 10_000 });
  await expect(page.getByRole('cell', { name: `1 × ${shirt.name}` })).toBeVisible();
  await expect(synced).toHaveText('0 to sync');
  await expectAccessible(page);

  // The network goes: two more sales wait in the browser.
  await context.setOffline(true);
  await expect(page.getByTestId('pos-online')).toHaveText('Offline');
  await sell(water);
  await sell(cap);
  await expect(synced).toHaveText('2 to sync');
  await expect(page.getByText('waiting to sync')).toHaveCount(2);
  await expect(page.getByTestId('tab-open')).toHaveText('€42.50');
  await screenshots(page, 'pos-counter-offline');

  // Back online: the queue syncs once.
  await context.setOffline(false);
  await expect(page.getByTestId('pos-online')).toHaveText('Online');
  await expect(page.getByText('waiting to sync')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('cell', { name: `1 × ${cap.name}` })).toBeVisible();
  await expect(synced).toHaveText('0 to sync');
  await expect(page.getByTestId('tab-open')).toHaveText('€42.50');
  await fitsAt(page, 375, 'pos-counter-phone', '€42.50');
  await fitsAt(page, 768, 'pos-counter-tablet', '€42.50');
  // Beside the menu, a 1280 px screen leaves the counter under 1,000 px: every tile, tab and button reads whole.
  await fitsAt(page, 1280, 'pos-counter-desktop', '€42.50');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Cash' }).click();
  await expect(page.getByTestId('tab-open')).toHaveText('€0.00');
  await screenshots(page, 'pos-counter');

  // The walk-in's receipt for the 80 mm printer: a PDF naming what was sold, read back with pdftotext.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Receipt (80 mm)' }).click(),
  ]);
  const receipt = execFileSync('pdftotext', ['-layout', (await download.path()) ?? '', '-'], {
    encoding: 'utf8',
  });
  for (const p of [shirt, water, cap]) expect(receipt).toContain(p.name);
  expect(receipt).toContain('42.50');

  // On the server: each sale once, the room tab on the booking, the day's figures.
  const tabs = (await api.get('/api/pos?size=0&sort=id&order=-1')).data as {
    id: number;
    bookingId: number | null;
  }[];
  const walkIn = tabs.find((t) => t.bookingId === null);
  const walkInAccount = (await api.get(`/api/pos/${walkIn?.id}/account`)).account as TAccount;
  expect(walkInAccount.items.map((i) => i.text).sort()).toEqual([cap.name, shirt.name, water.name].sort());
  expect([walkInAccount.total, walkInAccount.open]).toEqual(['42.50', '0.00']);
  const onBooking = (await api.get(`/api/bookings/${booking.id}`)).calculation as {
    key: string;
    text: string;
    total: string;
    customerType: string;
  }[];
  expect(
    onBooking
      .filter((l) => l.key.startsWith('onsite:'))
      .map((l) => `${l.text} ${l.total} ${l.customerType}`)
      .sort(),
  ).toEqual([`${fins.name} 8.00 OnSite`, `${nitrox.name} 48.00 OnSite`]);
  const stats = await api.get('/api/pos/stats');
  expect(stats.byMethod).toEqual(
    expect.arrayContaining([expect.objectContaining({ method: 'cash', amount: '42.50' })]),
  );
  // The T-shirt left the resort's stock (and the total).
  expect((await api.get(`/api/product/${shirt.id}`)).stock).toBe('15');
  expect(await shirtAtResort()).toBe('5');
  const walkInTab = (await api.get(`/api/pos/${walkIn?.id}`)) as { resortId: number | null };
  expect(walkInTab.resortId).toBe(resortId);

  // The guest's final invoice lists the onsite lines, read back from its PDF.
  await api.post(`/api/bookings/${booking.id}/store`, { template: 'invoice' }, 201);
  const invoice = (await api.get(`/api/invoices?bookingId=${booking.id}`)).data[0] as { id: number };
  const token = (await (await request.post('/api/auth/token', { data: DEMO.admin })).json()).token;
  const pdf = await request.get(`/api/invoices/${invoice.id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status()).toBe(200);
  const invoiceFile = test.info().outputPath('invoice.pdf');
  writeFileSync(invoiceFile, await pdf.body());
  const invoiceText = execFileSync('pdftotext', ['-layout', invoiceFile, '-'], { encoding: 'utf8' });
  expect(invoiceText).toContain(nitrox.name);
  expect(invoiceText).toContain(fins.name);
  expect(invoiceText).toContain('48.00');

  // The stock screen: the resort's column beside the total; a delivery booked there.
  await page.goto('/product/stock');
  const stockTable = page.getByRole('table', { name: 'Current stock' });
  await expect(stockTable.getByRole('columnheader', { name: RESORT })).toBeVisible();
  const shirtRow = stockTable.getByRole('row', { name: new RegExp(shirt.name) });
  await expect(shirtRow).toContainText('15');
  await shirtRow.getByRole('button', { name: shirt.name }).click();
  await page.getByRole('combobox', { name: 'Where' }).click();
  await page.getByRole('option', { name: RESORT, exact: true }).click();
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Delivery (goods received)' }).click();
  await page.getByRole('textbox', { name: /^Change/ }).fill('4');
  await page.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText('Stock saved.')).toBeVisible();
  await expect(shirtRow).toContainText('19');
  expect(await shirtAtResort()).toBe('9');
  await expect(page.getByRole('table', { name: 'Stock log' })).toContainText('Delivery (goods received)');
  await expectAccessible(page);
  await screenshots(page, 'product-stock');

  await page.goto('/pos/list');
  await expect(page.getByRole('heading', { name: 'Sales receipts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By payment method' })).toContainText('€42.50');
  await expectAccessible(page);
  await screenshots(page, 'pos-list');
});
