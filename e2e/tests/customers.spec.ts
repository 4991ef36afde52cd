import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('staff creates a customer, is warned of a duplicate, finds, edits, exports and views it', async ({
  page,
}) => {
  // A long journey (two screenshots sizes and an accessibility check per screen) on a shared machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const lastName = `Tiefsee${stamp}`;
  const email = `lena.${stamp}@example.com`;
  await login(page, DEMO.staff);

  // The seeded customers page.
  await page.goto('/customer/list');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText(/^1–25 of \d{3}$/)).toBeVisible();
  await expect(rows.filter({ hasText: 'Child' }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'customers-list');

  // Create.
  await page.getByRole('main').getByRole('link', { name: 'New customer' }).click();
  await page.getByRole('textbox', { name: /^First name/ }).fill('Lena');
  await page.getByRole('textbox', { name: /^Last name/ }).fill(lastName);
  await page.getByLabel('Birthday').fill('1990-05-17');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('textbox', { name: /^City/ }).fill('Hamburg');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Customer created.')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  const id = Number(page.url().split('/').pop());

  // The same person again: the create form warns and links to the existing record.
  await page.goto('/customer/create');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Someone');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email.toUpperCase());
  const warning = page.getByRole('alert').filter({ hasText: 'This customer may exist already' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: `Lena ${lastName}` })).toHaveAttribute(
    'href',
    `/customer/view/${id}`,
  );
  await expectAccessible(page);
  await screenshots(page, 'customer-create-duplicate');

  // Search finds it, and the search is kept in the address.
  await page.goto('/customer/list');
  await searchList(page, lastName.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/search=/);
  await expect(rows.first()).toContainText(email);

  // Edit from the detail view.
  await rows.first().click();
  await expect(page).toHaveURL(`/customer/view/${id}`);
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  const city = page.getByRole('textbox', { name: /^City/ });
  await expect(city).toHaveValue('Hamburg');
  await city.fill('Lübeck');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Customer saved.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'customer-edit');

  // CSV of the searched list.
  await page.goto(`/customer/list?search=${lastName}`);
  await expect(rows).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('customers.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.trim().split('\n')).toHaveLength(2);
  expect(csv).toContain(lastName);

  // The detail view shows the change in the history; the sheet opens as a PDF.
  await page.goto(`/customer/view/${id}`);
  await expect(page.getByRole('heading', { name: `Lena ${lastName}` })).toBeVisible();
  await expect(page.getByText('Lübeck').first()).toBeVisible();
  const history = page.getByRole('table').filter({ hasText: 'Before' });
  await expect(history).toContainText('Hamburg');
  await expectAccessible(page);
  await screenshots(page, 'customer-view');
  await page.getByRole('button', { name: 'Print customer sheet' }).click();
  // Headless Chromium has no PDF viewer: check that a tab opens and the sheet arrives as a PDF.
  const [, answer] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().includes(`/api/customers/${id}/print/sheet?lang=en`)),
    page.getByRole('menuitem', { name: 'PDF in English' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
});

test('the demo customer sees only their own record', async ({ page }) => {
  await login(page, DEMO.customer);
  // Any other id leads to the customer's own record.
  await page.goto('/customer/view/2');
  await expect(page.getByRole('heading', { name: 'Maria Sommer' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/customer\/view\/2$/);
  await expect(page.getByText('Internal note')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'customer-self-view');

  // Their own edit form has no office fields.
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Sommer');
  await expect(page.getByText('Office and notes')).toHaveCount(0);

  // The list of all customers is not theirs to open.
  await page.goto('/customer/list');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
});
