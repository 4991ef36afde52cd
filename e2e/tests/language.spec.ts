import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('the language switch changes the screen and persists across a reload', async ({ page, context }) => {
  await login(page, DEMO.staff);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.locator('a[href="/booking/list"]')).toContainText('Booking');
  await page.getByText('DE', { exact: true }).click();
  const navDe = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(navDe.locator('a[href="/booking/list"]')).toContainText('Buchung');
  await page.reload();
  await expect(navDe.locator('a[href="/booking/list"]')).toContainText('Buchung');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('de');
  // 14 days (spec platform §9), give or take the seconds the test took.
  expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(14);
  await expectAccessible(page);
});

test('a German browser gets the German login page', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await context.close();
});
