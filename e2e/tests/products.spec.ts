import { expect, test } from '@playwright/test';
import { apiAs, resortStay } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const ROOM_TYPE = 'Garden Room';

test('the office adds a new product to a booking and sees its line and the new total', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, DEMO.admin);
  const booking = await resortStay(api, {
    state: 'draft',
    room: 2,
    roomType: ROOM_TYPE,
    days: [170, 174],
    guests: ['Product Anna', 'Product Ben'],
  });

  // The catalogue: a new product, 35.00 per booking.
  const name = `Airport transfer ${Date.now()}`;
  await login(page, DEMO.admin, '/product/list');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByRole('textbox', { name: 'Price', exact: true }).fill('35');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  // The message bar covers the drawer's buttons: close it with Escape.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await searchList(page, name);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expectAccessible(page);

  // On the booking: the modal, the line by its charging base, the total 35.00 higher.
  await page.goto(`/booking/${booking.id}`);
  await page.getByRole('button', { name: 'Add product / add-on' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a product or add-on' });
  await modal.getByRole('combobox', { name: 'Product' }).fill('Airport transfer');
  await page.getByRole('option', { name: `${name} (Per booking)` }).click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal).toBeHidden();
  const line = page
    .getByRole('table', { name: 'Calculation lines' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(line).toContainText('35.00');
  const expected = (Number(booking.total) + 35).toFixed(2);
  await expect.poll(async () => (await api.get(`/api/bookings/${booking.id}`)).total).toBe(expected);
  await expect(page.getByText(expected.replace(/\B(?=(\d{3})+(?!\d))/g, ',')).first()).toBeVisible();
});

test('the category and stock screens are accessible', async ({ page, request }) => {
  const token = (await (await request.post('/api/auth/token', { data: DEMO.admin })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (await request.post('/api/settings/group/features', { headers, data: { stock: true } })).status(),
  ).toBe(200);
  const product = await request.post('/api/product', {
    headers,
    data: { name: `Tank ${Date.now()}`, trackStock: true, unit: 'Piece' },
  });
  expect(product.status()).toBe(201);

  await login(page, DEMO.admin, '/product/category');
  await expect(page.getByRole('heading', { name: 'Product categories' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/product/stock');
  await expect(page.getByRole('table', { name: 'Current stock' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Change (+ in, − out)' }).fill('12');
  await page.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText('Stock saved.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stock log' })).toContainText('12');
  await expectAccessible(page);
});
