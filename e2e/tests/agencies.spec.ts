import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const rows = (page: Page) => page.locator('table[aria-label="Agencies"] tbody tr');

test('staff creates an agency with a contact, finds it, edits it and exports the list', async ({ page }) => {
  // A long journey (list, preset, create, edit, search, CSV): more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await login(page, DEMO.staff, '/agency/list');
  await expect(page.getByRole('heading', { name: 'Agencies' })).toBeVisible();
  // About 40 seeded agencies: the first page is full and the pager says how many there are.
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Blue Reef Travel' })).toHaveCount(1);
  await expectAccessible(page);
  await screenshots(page, 'agencies-list');

  // A filter preset opens the list with the filter set.
  await page.goto('/agency/filter/inactive');
  await expect(page).toHaveURL(/\/agency\/list\?isActive=false/);
  await expect(rows(page)).toHaveCount(2);

  // Create with one contact.
  const name = `Sunrise Dive Travel ${Date.now()}`;
  await page.goto('/agency/list');
  await page.getByRole('main').getByRole('link', { name: 'New agency' }).click();
  await expect(page).toHaveURL(/\/agency\/create$/);
  await page.getByRole('textbox', { name: /^name/i }).first().fill(name);
  await page
    .getByRole('textbox', { name: /^e-mail/i })
    .first()
    .fill('hello@sunrise-dive.example');
  await page.getByRole('textbox', { name: /^city/i }).fill('Bremen');
  await page.getByRole('textbox', { name: /^commission$/i }).fill('12.5');
  await page.getByRole('button', { name: 'Add contact' }).click();
  await page.getByRole('textbox', { name: /^name/i }).nth(1).fill('Hanna Lüders');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page).toHaveURL(/\/agency\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^name/i }).nth(1)).toHaveValue('Hanna Lüders');
  await expectAccessible(page);
  await screenshots(page, 'agency-edit');

  // Edit.
  await page
    .getByRole('textbox', { name: /^phone/i })
    .first()
    .fill('+49 421 555 0100');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // Find it by search, with the edit in place.
  await page.goto('/agency/list');
  await searchList(page, 'sunrise dive');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Bremen');
  await expect(rows(page).first()).toContainText('12.5 %');
  await rows(page).first().click();
  await expect(page.getByRole('textbox', { name: /^phone/i }).first()).toHaveValue('+49 421 555 0100');

  // Export the searched list as CSV.
  await page.goBack();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV export' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain(name);
  expect(csv.trim().split('\r\n')).toHaveLength(2);
});

test('the agent sees and edits only its own agency', async ({ page }) => {
  await login(page, DEMO.agent);
  // The agency list is staff work; the agent's own agency is its only one.
  await page.goto('/agency/list');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  const answer = await page.request.get('/api/agencies');
  expect(answer.ok()).toBe(true);
  const { data } = await answer.json();
  expect(data.map((a: { name: string }) => a.name)).toEqual(['Blue Reef Travel']);
  const own = data[0].id as number;

  await page.goto(`/agency/${own}`);
  await expect(page.getByRole('heading', { name: 'Blue Reef Travel' })).toBeVisible();
  // Terms are the operator's: shown, not editable; the internal note is not there at all.
  await expect(page.getByRole('textbox', { name: /^name/i }).first()).toBeDisabled();
  await expect(page.getByRole('textbox', { name: /^commission$/i })).toBeDisabled();
  await expect(page.getByText('Internal note')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'agency-self');

  await page
    .getByRole('textbox', { name: /^phone/i })
    .first()
    .fill('+49 40 3861 2299');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // The commission agreement prints as a PDF.
  await page.getByRole('button', { name: 'Print' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Commission agreement' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Another agency (the next one the seed made) does not exist for the agent.
  await page.goto(`/agency/${own + 1}`);
  await expect(page.getByText('This record does not exist or you may not see it.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^name/i })).toHaveCount(0);
});
