import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

// /plugins: an administrator enters a Xero app; it is listed as not connected with its Connect button (the
// consent itself is Xero's page: the OAuth round trip is tested against a local Xero in the server tests).

test.afterAll(async ({ request }) => {
  const res = await request.post('/api/auth/token', { data: DEMO.admin });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  const list = await (await request.get('/api/plugins/xero?size=0', { headers })).json();
  for (const row of list.data) await request.delete(`/api/plugins/xero/${row.id}`, { headers });
});

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('an administrator adds a Xero connection', async ({ page }) => {
    await login(page, DEMO.admin, '/plugins');
    await expect(page.getByRole('heading', { name: 'Plugins', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Xero Buchhaltung');
    await page.getByRole('textbox', { name: 'Client id (Xero app)' }).fill('client-e2e');
    await page.getByLabel('Client secret').fill('secret-e2e');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The connection was saved.')).toBeVisible();
    const row = page.getByRole('row', { name: /Xero Buchhaltung/ });
    await expect(row.getByText('Not connected')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Connect to Xero' })).toBeVisible();
    await expect(page.getByText('secret-e2e')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('auf Deutsch', () => {
  test.use({ locale: 'de-DE' });

  test('die Erweiterungen sind übersetzt', async ({ page }) => {
    await login(page, DEMO.admin, '/plugins');
    await expect(page.getByRole('heading', { name: 'Erweiterungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Neue Xero-Verbindung' })).toBeVisible();
  });
});
