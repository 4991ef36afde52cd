import { crc32, deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

/** A real 48×24 PNG in one colour. */
function png() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const [width, height] = [48, 24];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function adminApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/token', { data: DEMO.admin });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  return {
    post: (url: string, data: unknown) => request.post(url, { headers, data }),
    get: (url: string) => request.get(url, { headers }),
    delete: (url: string) => request.delete(url, { headers }),
  };
}

// Other journeys share this server: put back what these tests change.
test.afterAll(async ({ request }) => {
  const api = await adminApi(request);
  await api.post('/api/settings/group/company', {
    name: 'Atoll Demo Divers',
    address: { street: 'Hafenstraße 12', zip: '24937', city: 'Flensburg', country: 'DE' },
  });
  await api.delete('/api/settings/logo');
  await api.post('/api/settings/group/features', { todo: true });
  const overrides = await (await api.get('/api/translation?size=0')).json();
  for (const row of overrides.data) await api.delete(`/api/translation/${row.id}`);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('an administrator edits the company and uploads a logo that the shell shows after reload', async ({
  page,
}) => {
  await login(page, DEMO.admin, '/config');
  await expect(page.getByRole('heading', { name: 'Configuration', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'config-hub');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Company/ })
    .click();
  await expect(page).toHaveURL(/\/config\/company$/);

  const name = page.getByRole('textbox', { name: 'Company name' });
  await expect(name).toHaveValue('Atoll Demo Divers');
  await name.fill('Atoll Journey Divers');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Seestraße 5');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('24103');
  await page.getByRole('textbox', { name: 'City' }).fill('Kiel');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // A wrong IBAN is refused on its field.
  // (Enter submits: the message of the last save sits over the button for a moment.)
  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE00 1234');
  await page.getByRole('textbox', { name: 'IBAN' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('The logo was uploaded.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of Atoll Journey Divers' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'config-company');

  await page.reload();
  const header = page.getByRole('banner');
  await expect(header.getByText('Atoll Journey Divers')).toBeVisible();
  const logo = header.locator('img[src^="/api/settings/logo/"]');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Kiel');
  const boot = await (await page.request.get('/api/bootstrap')).json();
  expect(boot.company).toBe('Atoll Journey Divers');
  expect(boot.logo).toMatch(/^\/api\/settings\/logo\/\d+$/);
});

test('switching a module off removes its menu entry', async ({ page }) => {
  await login(page, DEMO.admin, '/config/modules');
  await expect(page.getByRole('heading', { name: 'Modules', level: 1 })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'To-dos' })).toBeVisible();
  const todo = page.getByRole('switch', { name: 'To-dos' });
  await expect(todo).toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'config-modules');

  await todo.click({ force: true });
  await expect(page.getByText('To-dos is off.')).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'To-dos' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'To-dos' })).not.toBeChecked();
  await expect(menu(page).getByRole('link', { name: 'Company' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'To-dos' })).toHaveCount(0);

  await page.getByRole('switch', { name: 'To-dos' }).click({ force: true });
  await expect(menu(page).getByRole('link', { name: 'To-dos' })).toBeVisible();
});

test('once module accounts are named, another administrator sees the switches locked', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const other = { email: `second-admin-${Date.now()}@example.com`, password: 'second-admin-1' };
  expect(
    (await api.post('/api/users', { ...other, permissions: { scope: ['admin', 'user'] } })).status(),
  ).toBe(201);
  expect(
    (await api.post('/api/settings/group/system', { moduleAccounts: [DEMO.admin.email] })).status(),
  ).toBe(200);
  try {
    await login(page, other, '/config/modules');
    await expect(
      page.getByText(`Only these accounts may switch modules: ${DEMO.admin.email}.`),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'To-dos' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Accounts (e-mail)' })).toBeDisabled();
    await expectAccessible(page);
    await screenshots(page, 'config-modules-locked');
  } finally {
    await api.post('/api/settings/group/system', { moduleAccounts: [] });
  }
});

test('an overridden text shows after reload and can be reset', async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Quick access' })).toBeVisible();
  await page.goto('/config/translations');
  await page.getByRole('textbox', { name: 'Search key or text' }).fill('home.quickLinks.title');
  const row = page.locator('table tbody tr').filter({ hasText: 'home.quickLinks.title' });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'config-translations');
  await row.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Built-in: Quick access')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Your text (English)' }).fill('Shortcuts');
  await drawer.getByRole('button', { name: 'Save English' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shortcuts' })).toBeVisible();

  await page.goto('/config/translations');
  await page.getByRole('checkbox', { name: 'Changed texts only' }).check();
  await page.locator('table tbody tr').filter({ hasText: 'home.quickLinks.title' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset to built-in' }).click();
  await expect(page.getByText('The built-in text applies again.')).toBeVisible();
  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick access' })).toBeVisible();
});

test('an administrator creates a booking source; taxes and booking settings are listed', async ({ page }) => {
  await login(page, DEMO.admin, '/config/settings/bookingsources');
  const rows = page.locator('table tbody tr');
  await expect(rows.filter({ hasText: 'Walk-in' })).toHaveCount(1);
  await page.getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Name' }).fill('Dive show');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(rows.filter({ hasText: 'Dive show' })).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'config-bookingsources');

  await page.goto('/tax');
  await expect(rows.filter({ hasText: 'VAT 19 %' })).toContainText('Confirmed');
  await expect(rows.filter({ hasText: 'VAT 7 %' })).toContainText('Not in force');
  await expectAccessible(page);
  await screenshots(page, 'config-tax');

  await page.goto('/config/booking');
  await expect(page.getByRole('textbox', { name: 'Booking number prefix' })).toHaveValue('B');
  await expectAccessible(page);
  await screenshots(page, 'config-booking');

  await page.goto('/config/settings/nonsense');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('every settings type opens, in both languages', async ({ page }) => {
  // Eight screens, each checked by axe and photographed at two widths.
  test.setTimeout(120_000);
  await login(page, DEMO.admin);
  const types = [
    ['customers', 'Child up to age'],
    ['theme', 'Brand colour'],
    ['views', 'Guest details'],
    ['guestform', 'Largest file in KB'],
    ['auth', 'Minimum password length'],
    ['textblocks', 'Payment terms'],
    ['bookingcategories', 'Liveaboard'],
    ['currencies', 'EUR'],
  ] as const;
  for (const [type, text] of types) {
    await page.goto(`/config/settings/${type}`);
    await expect(page.getByText(text).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `config-settings-${type}`);
  }
  // German through the language cookie, not the switch: that would also save it in the admin's profile.
  await page.context().addCookies([{ name: 'lang', value: 'de', url: page.url() }]);
  await page.goto('/config/settings/customers');
  await expect(page.getByText('Kind bis zum Alter von')).toBeVisible();
  await expectAccessible(page);
});

test('staff cannot open the company settings', async ({ page }) => {
  await login(page, DEMO.staff, '/config/company');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/config\/company/);
});
