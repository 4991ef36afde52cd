import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

// /config/backups: an administrator creates a local backup, downloads it, and asks to restore it (the
// confirmation gives the command for the stopped server); Dropbox is not set up on the test server. In German.

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('an administrator creates, downloads and asks to restore a backup', async ({ page }) => {
    await login(page, DEMO.admin, '/config');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Backups/ })
      .click();
    await expect(page).toHaveURL(/\/config\/backups$/);
    await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
    await expect(page.getByText('Dropbox backups are not set up')).toBeVisible();

    const rowsBefore = await page.getByRole('row').count();
    await page.getByRole('button', { name: 'Create backup' }).click();
    await expect(page.getByText(/Backup atoll-\d{8}-\d{6}(-\d+)?\.json\.gz created\./)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(Math.max(rowsBefore, 1) + 1);
    const row = page.getByRole('row').nth(1);
    const name = (await row.getByRole('cell').first().textContent()) ?? '';
    expect(name).toMatch(/^atoll-\d{8}-\d{6}(-\d+)?\.json\.gz$/);
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(name);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    await row.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: `Restore ${name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`npm run restore -- "$DATA_DIR/backups/${name}"`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('auf Deutsch', () => {
  test.use({ locale: 'de-DE' });

  test('die Sicherungen sind übersetzt', async ({ page }) => {
    await login(page, DEMO.admin, '/config/backups');
    await expect(page.getByRole('heading', { name: 'Sicherungen', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sicherung anlegen' })).toBeVisible();
    await expect(page.getByText('Dropbox-Sicherungen sind nicht eingerichtet')).toBeVisible();
  });
});
