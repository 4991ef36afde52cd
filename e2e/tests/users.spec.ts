import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('an administrator finds, creates, edits and deletes a user in the list', async ({ page }) => {
  await login(page, DEMO.admin, '/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const rows = page.locator('table tbody tr');
  // Other journeys add users on the same server: expect the demo users, not an exact count.
  for (const who of Object.values(DEMO)) await expect(rows.filter({ hasText: who.email })).toHaveCount(1);
  const total = await rows.count();
  await expect(page.getByText(`1–${total} of ${total}`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'users-list');

  // Search narrows the list and is kept in the address.
  await searchList(page, 'agent');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/search=agent/);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('agent@example.com');

  // Create.
  const email = `new-colleague-${Date.now()}@example.com`;
  await page.goto('/users');
  await page
    .getByRole('link', { name: 'New user' })
    .or(page.getByRole('button', { name: 'New user' }))
    .first()
    .click();
  await page
    .getByRole('textbox', { name: /e-?mail/i })
    .first()
    .fill(email);
  await page.getByRole('textbox', { name: /^name/i }).first().fill('New Colleague');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created')).toBeVisible();

  // Edit: the name change shows in the list.
  await expect(page).toHaveURL(/\/users\/\d+/);
  const name = page.getByRole('textbox', { name: /^name/i }).first();
  await expect(name).toHaveValue('New Colleague');
  // The edit page has the password section; the create form (same values) may still be leaving.
  await expect(page.getByRole('button', { name: 'Set password' })).toBeVisible();
  await name.fill('Renamed Colleague');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await page.goto('/users?search=renamed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);

  // Delete with confirmation.
  await rows.first().click();
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted')).toBeVisible();
  await page.goto('/users?search=renamed');
  await expect(page.getByText('Nothing matches the search or filter')).toBeVisible();
});

test('roles are listed and their scopes shown for editing', async ({ page }) => {
  await login(page, DEMO.admin, '/userroles');
  await expect(page.locator('table tbody tr').filter({ hasText: 'Staff' })).toHaveCount(1);
  await page.locator('table tbody tr').filter({ hasText: 'Staff' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'role-drawer');
});

test('staff without user rights cannot open the users list', async ({ page }) => {
  await login(page, DEMO.staff, '/users');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/users$/);
});
