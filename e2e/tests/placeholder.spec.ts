import { expect, test } from '@playwright/test';

test('the home page loads the app and shows the server version', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Atoll' })).toBeVisible();
  await expect(page.getByTestId('version')).toHaveText('0.1.0');
});

test('German browsers get German, English browsers English', async ({ browser }) => {
  const en = await browser.newContext({ locale: 'en-GB' });
  const pageEn = await en.newPage();
  await pageEn.goto('/');
  await expect(pageEn.getByText('Active modules')).toBeVisible();
  await en.close();
  const de = await browser.newContext({ locale: 'de-DE' });
  const pageDe = await de.newPage();
  await pageDe.goto('/');
  await expect(pageDe.getByText('Aktive Module')).toBeVisible();
  await de.close();
});
