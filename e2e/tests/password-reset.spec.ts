import { expect, request, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';
import { openMailbox } from './support/mailbox.ts';

test.use({ locale: 'en-GB' });

let mailbox: Awaited<ReturnType<typeof openMailbox>>;
test.beforeAll(async () => {
  mailbox = await openMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('a user requests a reset, follows the mailed link, saves a new password and logs in with it', async ({
  page,
  baseURL,
}) => {
  // A colleague of our own, so the demo logins stay as they are.
  const email = `diver-${Date.now()}@example.com`;
  const api = await request.newContext({ baseURL });
  const token = (await (await api.post('/api/auth/token', { data: DEMO.admin })).json()).token as string;
  const created = await api.post('/api/users', {
    data: { email, name: 'Reset Tester', password: 'first-password-1', permissions: { scope: ['user'] } },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  await api.dispose();

  await page.goto('/password/reset');
  await expectAccessible(page);
  await screenshots(page, 'password-request');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('password change requested, please check your emails.')).toBeVisible();

  const mail = await mailbox.latest(email);
  const link = mail.text?.match(/https?:\/\/\S+\/password\/reset\?\S+/)?.[0];
  expect(link, 'the mail carries a reset link').toBeTruthy();
  await page.goto(link as string);
  await page.getByRole('textbox', { name: 'New password' }).fill('second-password-2');
  await page.getByRole('textbox', { name: /repeat/i }).fill('second-password-2');
  await expectAccessible(page);
  await screenshots(page, 'password-save');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('password changed sucessfully!')).toBeVisible();

  await login(page, { email, password: 'second-password-2' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('the save form checks its fields before sending', async ({ page }) => {
  await page.goto('/password/reset?save=1');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'New password' }).fill('abc');
  await page.getByRole('textbox', { name: /repeat/i }).fill('abcd');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/E-mail must be valid/i)).toBeVisible();
  await expect(page.getByText(/Password must be longer than 4 characters/i)).toBeVisible();
  await expect(page.getByText(/Passwords must match/i)).toBeVisible();
  await expect(page.getByText(/Token is required/i)).toBeVisible();
});
