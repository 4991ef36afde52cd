import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('a guest registers: mismatching passwords are caught, then the account waits for its e-mail', async ({
  page,
}) => {
  const email = `guest-${Date.now()}@example.com`;
  await page.goto('/register/customer');
  await page.getByRole('textbox', { name: 'Name' }).fill('Nora Diver');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('long-enough-1');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('long-enough-2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Passwords must match/i)).toBeVisible();
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('long-enough-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mails' })).toBeVisible();
  await expectAccessible(page);
});

test('a user changes their own password in the profile; a wrong current one is refused', async ({ page }) => {
  await login(page, DEMO.staff, '/users/profile');
  const current = page.getByRole('textbox', { name: 'Current password' });
  await current.fill('not-my-password');
  await page.getByRole('textbox', { name: 'New password' }).fill('demo-staff-2');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('demo-staff-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong.')).toBeVisible();
  await current.fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  // Back to the demo password, so the other journeys keep their login.
  await current.fill('demo-staff-2');
  await page.getByRole('textbox', { name: 'New password' }).fill(DEMO.staff.password);
  await page.getByRole('textbox', { name: 'Repeat password' }).fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.').first()).toBeVisible();
  await expectAccessible(page);
});
