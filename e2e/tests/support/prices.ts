import { expect, type Page } from '@playwright/test';

/** Picks an option of a Mantine select or multiselect by its label. */
export async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One cell of a season's entries grid: room type × variant in a currency. */
export const cell = (page: Page, roomType: string, variant: string, currency = 'EUR') =>
  page.getByRole('textbox', { name: `${roomType}, ${variant}, ${currency}`, exact: true });

type TSeason = {
  name: string;
  asset: string;
  from: string;
  to: string;
  variants: string[];
  cells: { roomType: string; variant: string; value: string }[];
};

/** A season made and confirmed in the price screens, as staff would (page language English). */
export async function createSeason(page: Page, season: TSeason) {
  await page.goto('/price/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(season.name);
  await choose(page, /^Resort or vessel/, season.asset);
  await page.getByLabel(/^Valid from/).fill(season.from);
  await page.getByLabel(/^Valid to/).fill(season.to);
  await page.getByRole('combobox', { name: /^Variants/ }).click();
  for (const variant of season.variants)
    await page.getByRole('option', { name: variant, exact: true }).click();
  await page.keyboard.press('Escape');
  for (const c of season.cells) await cell(page, c.roomType, c.variant).fill(c.value);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/price\/\d+$/);
  await expect(page.getByRole('heading', { name: season.name })).toBeVisible();
  await choose(page, /^Status/, 'Confirmed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
}
