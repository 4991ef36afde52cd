import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';
import { cell, choose } from './support/prices.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';

/** A price variant made in the variant screen's drawer, as staff would. */
async function createVariant(page: Page, name: string, occupancy: string) {
  await page.getByRole('main').getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /^Name\s*\*?$/ }).fill(name);
  await drawer.getByRole('textbox', { name: /^Occupancy/ }).fill(occupancy);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await createdInDrawer(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/**
 * After Create in a list screen's drawer: the record is stored and open (`?open=<id>`). "Created." alone can be
 * the notice of the record before, and an Escape pressed before the drawer reopens the new record is lost.
 */
async function createdInDrawer(page: Page) {
  await expect(page).toHaveURL(/[?&]open=\d+/);
  await expect(page.getByText('Created.').first()).toBeVisible();
}

test('staff builds a season with an entries grid, confirms it and creates terms with tiers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const double = `Double use ${stamp}`;
  const single = `Single use ${stamp}`;
  const season = `High season ${stamp}`;
  await login(page, DEMO.staff);

  // Two variants of our own: the grid's columns.
  await page.goto('/pricevariant');
  await expect(page.getByRole('heading', { name: 'Price variants' })).toBeVisible({ timeout: 15_000 });
  await createVariant(page, double, '2');
  await createVariant(page, single, '1');
  await expectAccessible(page);

  // The season for the demo resort with both variants, in EUR.
  await page.goto('/price');
  await expect(page.getByRole('heading', { name: 'Seasons and prices' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('link', { name: 'New season' }).click();
  await expect(page).toHaveURL(/\/price\/new/);
  await page.getByRole('textbox', { name: /^Name/ }).fill(season);
  await choose(page, /^Resort or vessel/, RESORT);
  await page.getByLabel(/^Valid from/).fill('2031-01-10');
  await page.getByLabel(/^Valid to/).fill('2031-03-31');
  await choose(page, /^Variants/, double);
  await page.getByRole('option', { name: single, exact: true }).click();
  await page.keyboard.press('Escape');

  // Rows are the resort's room types, columns the two variants.
  await expect(cell(page, 'Garden Room', double)).toBeVisible();
  await cell(page, 'Garden Room', double).fill('100');
  await cell(page, 'Garden Room', single).fill('150,50');
  await cell(page, 'Sea View Deluxe', double).fill('140');
  await expect(page.getByText('3 prices, from €100.00 to €150.50')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/price\/\d+$/);

  // After a reload the grid shows what was stored; untouched cells stay empty.
  await page.reload();
  await expect(page.getByRole('heading', { name: season })).toBeVisible({ timeout: 15_000 });
  await expect(cell(page, 'Garden Room', double)).toHaveValue(/^100(\.00?)?$/);
  await expect(cell(page, 'Garden Room', single)).toHaveValue(/^150\.50?$/);
  await expect(cell(page, 'Sea View Deluxe', double)).toHaveValue(/^140(\.00?)?$/);
  await expect(cell(page, 'Sea View Deluxe', single)).toHaveValue('');
  await expect(page.getByText('3 prices, from €100.00 to €150.50')).toBeVisible();
  await expect(page.getByRole('main').getByText('Draft', { exact: true }).first()).toBeVisible();
  await screenshots(page, 'price-edit');

  // Confirmed: the season now prices bookings; the list says so.
  await choose(page, /^Status/, 'Confirmed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto('/price');
  await searchList(page, season);
  const row = page.locator('table[aria-label="Seasons and prices"] tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText(RESORT);
  await expect(row).toContainText('2031-01-10 – 2031-03-31');
  await expectAccessible(page);
  await screenshots(page, 'price-list');

  // Terms of payment with two cancellation tiers.
  const terms = `Terms ${stamp}`;
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Payment terms' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /^Name\s*\*?$/ }).fill(terms);
  await drawer.getByRole('textbox', { name: /^Deposit \(%\)/ }).fill('30');
  await drawer.getByRole('button', { name: 'Add a tier' }).click();
  await drawer.getByRole('button', { name: 'Add a tier' }).click();
  await drawer.getByRole('textbox', { name: 'Days before arrival (tier 1)' }).fill('30');
  await drawer.getByRole('textbox', { name: 'Fee in percent (tier 1)' }).fill('50');
  await drawer.getByRole('textbox', { name: 'Days before arrival (tier 2)' }).fill('7');
  await drawer.getByRole('textbox', { name: 'Fee in percent (tier 2)' }).fill('100');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await createdInDrawer(page);
  await screenshots(page, 'terms');

  // Opened again, the terms keep both tiers.
  await page.keyboard.press('Escape');
  await searchList(page, terms);
  const termsRow = page.locator('table[aria-label="Payment terms"] tbody tr');
  await expect(termsRow).toHaveCount(1);
  await expect(termsRow).toContainText(/30(\.00?)? %/);
  await termsRow.getByRole('button', { name: terms }).click();
  await expect(drawer.getByRole('textbox', { name: 'Days before arrival (tier 2)' })).toHaveValue('7');
  await expect(drawer.getByRole('textbox', { name: 'Fee in percent (tier 2)' })).toHaveValue(/^100(\.00?)?$/);
  await expect(drawer.getByRole('textbox', { name: 'Days before arrival (tier 1)' })).toHaveValue('30');
});

type TApi = { token: string; get: <T>(path: string) => Promise<T> };

/** Staff's API access for the setup a screen would otherwise need several steps for. */
async function staffApi(page: Page): Promise<TApi> {
  const auth = await page.request.post('/api/auth/token', { data: DEMO.staff });
  const { token } = (await auth.json()) as { token: string };
  const get = async <T>(path: string) => {
    const res = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  };
  return { token, get };
}

test('entry surcharges, supplements and agency commissions of a season', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const season = `Reef season ${stamp}`;
  const api = await staffApi(page);
  const resorts = await api.get<{ data: { id: number; name: string }[] }>(
    `/api/resort?size=0&search=${encodeURIComponent(RESORT)}`,
  );
  const resort = resorts.data.find((r) => r.name === RESORT);
  const variants = await api.get<{ data: { id: number; name: string; translations: { en?: string } }[] }>(
    '/api/pricevariant?size=0&sort=sort',
  );
  const variant = variants.data[0];
  if (!resort || !variant) throw new Error('demo resort or variant missing');
  const variantLabel = variant.translations.en || variant.name;
  const created = await page.request.post('/api/price', {
    headers: { authorization: `Bearer ${api.token}` },
    data: {
      name: season,
      resortId: resort.id,
      validFrom: '2032-01-01',
      validTo: '2032-12-31',
      variants: [variant.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await login(page, DEMO.staff);

  // Each entry carries its own surcharge once the season's surcharge is "per entry".
  await page.goto(`/price/${id}`);
  await expect(page.getByRole('heading', { name: season })).toBeVisible({ timeout: 15_000 });
  await cell(page, 'Garden Room', variantLabel).fill('200');
  await choose(page, /^Surcharge type/, 'Per entry');
  await page.getByRole('radiogroup', { name: 'Show in the grid' }).getByText('Surcharge').click();
  const surcharge = page.getByRole('textbox', { name: `Surcharge: Garden Room, ${variantLabel}, EUR` });
  await surcharge.fill('-10');
  await page
    .getByRole('combobox', { name: `Type: Garden Room, ${variantLabel}, EUR` })
    .selectOption({ label: 'Fixed' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const stored = await api.get<{ surchargeType: string; entries: Record<string, unknown>[] }>(
    `/api/price/${id}`,
  );
  expect(stored.surchargeType).toBe('ByEntry');
  expect(stored.entries).toEqual([
    expect.objectContaining({ variantId: variant.id, currency: 'EUR', surchargeType: 'fixed' }),
  ]);
  expect(Number(stored.entries[0]?.surcharge)).toBe(-10);

  // A supplement made from the season's page shows there in the price currency.
  await page.getByRole('link', { name: 'Edit the supplements of this season' }).click();
  await expect(page).toHaveURL(new RegExp(`/supplements\\?priceId=${id}$`));
  await expect(page.getByRole('heading', { name: 'Supplements' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('combobox', { name: /^Season/ })).toHaveValue(`${season} (2032-01-01)`);
  await drawer.getByRole('textbox', { name: /^Name\s*\*?$/ }).fill('Park fee');
  await drawer.getByRole('textbox', { name: /^Value\s*\*?$/ }).fill('12.5');
  await drawer.getByRole('combobox', { name: /^Charged/ }).click();
  await page.getByRole('option', { name: 'Per dive day', exact: true }).click();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.').first()).toBeVisible();
  await page.goto(`/price/${id}`);
  const supplements = page.getByRole('table', { name: 'Supplements' });
  await expect(supplements.getByRole('row').filter({ hasText: 'Park fee' })).toContainText('€12.50');
  await expect(supplements.getByRole('row').filter({ hasText: 'Park fee' })).toContainText('Per dive day');

  // An agency's commission for the resort.
  await page.goto('/commission');
  await expect(page.getByRole('heading', { name: 'Commissions' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('button', { name: 'New', exact: true }).click();
  await drawer.getByRole('combobox', { name: /^Agency/ }).click();
  await page.getByRole('option', { name: 'Blue Reef Travel', exact: true }).click();
  await drawer.getByRole('textbox', { name: /^Commission \(%\)/ }).fill('12');
  await drawer.getByRole('combobox', { name: /^Resort/ }).click();
  await page.getByRole('option', { name: RESORT, exact: true }).click();
  await drawer.getByLabel(/^Travel from/).fill('2032-01-01');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await createdInDrawer(page);
  await page.keyboard.press('Escape');
  const row = page
    .locator('table[aria-label="Commissions"] tbody tr')
    .filter({ hasText: '2032-01-01' })
    .filter({ hasText: 'Blue Reef Travel' });
  await expect(row).toContainText(RESORT);
  await expect(row).toContainText(/12(\.00?)? %/);
  await screenshots(page, 'commissions');
});
