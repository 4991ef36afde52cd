import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const rows = (page: Page) => page.locator('table tbody tr');

/** Picks an option of a searchable select by typing part of its name. */
async function pick(page: Page, scope: Page | ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('staff create a vessel, give it two decks and a vessel list with three columns', async ({ page }) => {
  // Three screens, each checked for accessibility and photographed at two widths.
  test.setTimeout(120_000);
  await login(page, DEMO.staff);
  const name = `Sea Pearl ${Date.now()}`;

  // The vessel with a few technical details.
  await page.goto('/vessel/list');
  await expect(page.getByRole('heading', { name: 'Vessels' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'New vessel' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Code' }).fill('SP');
  await page.getByRole('textbox', { name: 'Length (m)' }).fill('38.5');
  await page.getByRole('textbox', { name: 'Guests' }).fill('20');
  await pick(page, page, 'Time zone', 'Indian/Maldives');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/vessel\/\d+$/);
  const vesselId = /\/vessel\/(\d+)$/.exec(page.url())?.[1];
  await expect(page.getByText('This vessel has no cabins yet.')).toBeVisible();
  await screenshots(page, 'vessel-edit');

  // Two decks, added from the deck screen the vessel page links to.
  await page.getByRole('link', { name: 'Place cabins on decks' }).click();
  await expect(page).toHaveURL(new RegExp(`/vesseldeck\\?vessel=${vesselId}`));
  await expect(page.getByText('No decks yet.')).toBeVisible();
  for (const deck of ['Main deck', 'Sun deck']) {
    await page.getByRole('textbox', { name: 'New deck' }).fill(deck);
    await page.getByRole('button', { name: 'Add deck' }).click();
    await expect(page.getByRole('button', { name: `Show deck ${deck}` })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Show deck Sun deck' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Plan of Sun deck' })).toBeVisible();
  await page.getByRole('button', { name: 'Show deck Main deck' }).click();
  await expect(page.getByRole('heading', { name: 'Plan of Main deck' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show deck Main deck' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page);
  await screenshots(page, 'vessel-decks');

  // A manifest of that vessel with three columns in the chosen order.
  const list = `Port manifest ${Date.now()}`;
  await page.goto('/vessellist');
  await expect(page.getByRole('heading', { name: 'Vessel lists' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(list);
  await pick(page, form, 'Vessel', name);
  for (const column of ['Cabin', 'Last name', 'Passport number']) {
    await pick(page, form, 'Add a column', column);
  }
  await form.getByRole('button', { name: 'Move Passport number up' }).click();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await searchList(page, list);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  await expect(rows(page).first()).toContainText('Cabin, Passport number, Last name');
  await expect(page.getByRole('button', { name: `Print ${list}` })).toBeVisible();
  await screenshots(page, 'vessel-lists');
});

/** The staff's API, for what this journey does not click together itself (cabins belong to the rooms screen). */
async function staffApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/token', { data: DEMO.staff });
  const headers = { authorization: `Bearer ${(await res.json()).token}` };
  return async (url: string, data: unknown) => {
    const answer = await request.post(url, { headers, data });
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    return (await answer.json()) as { id: number };
  };
}

test('staff place a cabin on a deck with the keyboard', async ({ page, request }) => {
  test.setTimeout(90_000);
  const post = await staffApi(request);
  const vessel = await post('/api/vessel', { name: `Deck Star ${Date.now()}` });
  await post('/api/vesseldeck', { vesselId: vessel.id, name: 'Lower deck' });
  await post('/api/rooms', { name: 'Cabin 7', vesselId: vessel.id });

  await login(page, DEMO.staff, `/vesseldeck?vessel=${vessel.id}`);
  await expect(page.getByRole('heading', { name: 'Plan of Lower deck' })).toBeVisible();
  const cabin = page.getByRole('row', { name: /Cabin 7/ });
  await cabin.getByRole('button', { name: 'Place on this deck' }).click();
  await expect(cabin.getByRole('cell', { name: 'Lower deck' })).toBeVisible();
  await page.getByRole('textbox', { name: 'From the left' }).fill('40');
  await page.getByRole('textbox', { name: 'From the top' }).fill('25.5');
  await page.getByRole('button', { name: 'Set position of Cabin 7' }).click();
  await expect(cabin).toContainText('40 % / 25.5 %');
  await expectAccessible(page);
  await screenshots(page, 'vessel-deck-cabins');
  await cabin.getByRole('button', { name: 'Take off this deck' }).click();
  await expect(cabin.getByRole('button', { name: 'Place on this deck' })).toBeVisible();
});
