import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const rows = (page: Page, table: string) => page.locator(`table[aria-label="${table}"] tbody tr`);

test('staff creates a customer group', async ({ page }) => {
  await login(page, DEMO.staff, '/customer/group');
  await expect(page.getByRole('heading', { name: 'Customer groups' })).toBeVisible();
  await expect(rows(page, 'Customer groups').filter({ hasText: 'Stammgäste' })).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'customer-groups-list');

  const name = `Familien ${Date.now()}`;
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /^name/i }).fill(name);
  await drawer.getByRole('textbox', { name: /^description/i }).fill('Mit Kindern unter 12');
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await screenshots(page, 'customer-group-drawer');
  await drawer.getByRole('button', { name: 'Cancel' }).click();

  await searchList(page, name);
  await expect(rows(page, 'Customer groups')).toHaveCount(1);
  await expect(rows(page, 'Customer groups').first()).toContainText('Mit Kindern');
});

test('an administrator adds a field to a data group and moves it to another group', async ({ page }) => {
  await login(page, DEMO.admin, '/customerdatagroup');
  await expect(page.getByRole('heading', { name: 'Customer data groups' })).toBeVisible();
  const groups = rows(page, 'Customer data groups');
  await expect(groups.filter({ hasText: 'Diving' })).toHaveCount(1);
  await expect(groups.filter({ hasText: 'Medical' })).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'customer-data-groups-list');

  // Add a field to "Diving".
  await groups.filter({ hasText: 'Diving' }).getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'Diving' });
  await expect(drawer.getByRole('group', { name: 'certificationLevel' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Add field' }).click();
  const key = `shoeSize${Date.now() % 100_000}`;
  await drawer.getByRole('group', { name: 'Field 5' }).getByRole('textbox', { name: /^key/i }).fill(key);
  const field = drawer.getByRole('group', { name: key });
  await field.getByRole('textbox', { name: /^label \(german\)/i }).fill('Schuhgröße');
  await field.getByRole('textbox', { name: /^label \(english\)/i }).fill('Shoe size');
  await field.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Number' }).click();
  await expectAccessible(page);
  await screenshots(page, 'customer-data-group-fields');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // Move it to "Medical": confirm, then the answer says how many customers' values moved along.
  await drawer.getByRole('button', { name: `Move ${key} to another group` }).click();
  const modal = page.getByRole('dialog', { name: 'Move field to another group' });
  await modal.getByRole('combobox', { name: 'Target group' }).click();
  await page.getByRole('option', { name: 'Medical' }).click();
  await expect(modal.getByText(`Move "Shoe size" from Diving to Medical?`)).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Move field' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    '"Shoe size" is now in Medical. The values of 0 customers moved along.',
  );
  await screenshots(page, 'customer-data-group-moved');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(drawer.getByRole('group', { name: key })).toHaveCount(0);

  await page.goto('/customerdatagroup');
  await expect(groups.filter({ hasText: 'Medical' })).toContainText('Shoe size');
  await expect(groups.filter({ hasText: 'Diving' })).not.toContainText('Shoe size');
});

test('staff adds credit to a customer and sees the balance; overdrawing is refused', async ({ page }) => {
  await login(page, DEMO.staff, '/ccredits');
  await expect(page.getByRole('heading', { name: 'Customer credits' })).toBeVisible();
  const balances = rows(page, 'Customer credits');
  await expect(balances.filter({ hasText: 'Maria Sommer' })).toContainText('€150.00');
  await expectAccessible(page);
  await screenshots(page, 'customer-credits-list');

  // A new entry: find the customer, then book credit in.
  await page.getByRole('button', { name: 'New entry' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('combobox', { name: 'Customer' }).fill('Sommer');
  await page.getByRole('option', { name: 'Maria Sommer' }).click();
  await expect(drawer.getByText('Balance €150.00')).toBeVisible();
  await drawer.getByRole('textbox', { name: /^amount/i }).fill('49,50');
  await drawer.getByRole('textbox', { name: /^note/i }).fill('Overpayment of booking 2031');
  await drawer.getByRole('button', { name: 'Add entry' }).click();
  await expect(page.getByText('The entry was added.')).toBeVisible();
  await expect(drawer.getByText('Balance €199.50')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Entries' })).toContainText('Overpayment of booking 2031');
  await expectAccessible(page);
  await screenshots(page, 'customer-credit-ledger');

  // More credit used than there is: refused with the reason, the balance unchanged.
  await drawer.getByText('Credit used').click();
  await drawer.getByRole('textbox', { name: /^amount/i }).fill('500');
  await drawer.getByRole('button', { name: 'Add entry' }).click();
  await expect(drawer.getByRole('alert')).toContainText('The credit balance is not sufficient.');
  await expect(drawer.getByText('Balance €199.50')).toBeVisible();
  await screenshots(page, 'customer-credit-insufficient');

  await page.keyboard.press('Escape');
  await expect(balances.filter({ hasText: 'Maria Sommer' })).toContainText('€199.50');
});

test('staff sees agency credit', async ({ page }) => {
  await login(page, DEMO.staff, '/credits');
  await expect(rows(page, 'Agency credits').filter({ hasText: 'Blue Reef Travel' })).toHaveCount(2);
  await rows(page, 'Agency credits').filter({ hasText: 'US$300.00' }).getByRole('button').click();
  await expect(
    page.getByRole('dialog', { name: 'Blue Reef Travel' }).getByText('Balance €380.00'),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'agency-credit-ledger');
});

test('the demo agent sees only its own agency credit', async ({ page }) => {
  await login(page, DEMO.agent);
  // /credits needs agencies.read (spec platform §2): the agent's screen refuses it …
  await page.goto('/credits');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  // … and the API answers the agent's own agency only.
  const answer = await page.request.get('/api/agencies/credits?size=0');
  expect(answer.status()).toBe(200);
  const names = ((await answer.json()).data as { name: string }[]).map((b) => b.name);
  expect(names.length).toBeGreaterThan(0);
  expect(new Set(names)).toEqual(new Set(['Blue Reef Travel']));
});
