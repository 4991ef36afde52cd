import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const departureRows = (page: Page) => page.locator('table[aria-label="Departures"] tbody tr');

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A vessel of its own for this journey, made through the API as the vessel screen would. */
async function createVessel(page: Page, name: string): Promise<number> {
  const auth = await page.request.post('/api/auth/token', { data: DEMO.staff });
  const { token } = (await auth.json()) as { token: string };
  const res = await page.request.post('/api/vessel', {
    data: { name },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('staff creates a tour, a weekly series of departures and copies the season to the next year', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const vesselName = `MY Journey ${stamp}`;
  const tourName = `Komodo Classic ${stamp}`;
  const vesselId = await createVessel(page, vesselName);
  await login(page, DEMO.staff);

  // The tour with its vessel and a day of itinerary.
  await page.goto('/tour/create');
  await expect(page.getByRole('heading', { name: 'New tour' })).toBeVisible();
  await page.getByRole('textbox', { name: /^name/i }).fill(tourName);
  await choose(page, /^vessel$/i, vesselName);
  await page.getByRole('button', { name: 'Add a day' }).click();
  await page.getByRole('textbox', { name: 'Title (English)' }).fill('Embarkation in Labuan Bajo');
  await page.getByRole('textbox', { name: 'Title (German)' }).fill('Einschiffung in Labuan Bajo');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page).toHaveURL(/\/tour\/\d+$/);
  await expect(page.getByRole('heading', { name: tourName })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'tour-edit');

  // Four weekly departures from Saturday 2030-01-05, 7 nights each.
  await page.goto('/schedules/create');
  await page.getByText('Weekly series').click();
  await choose(page, /^tour/i, tourName);
  await expect(page.getByRole('combobox', { name: /^vessel$/i })).toHaveValue(vesselName);
  await page.getByLabel(/^first departure/i).fill('2030-01-05');
  await page.getByRole('textbox', { name: /^number of weeks/i }).fill('4');
  await expect(page.getByText('2030-01-26 – 2030-02-02')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create departures' }).click();
  const results = page.getByRole('list', { name: 'Result' });
  await expect(results.getByRole('listitem')).toHaveCount(4);
  await expect(results.getByText(/: created$/)).toHaveCount(4);
  await screenshots(page, 'schedules-create');

  // A fifth on the same dates is refused with the clash named.
  await page.getByRole('button', { name: 'Create departures' }).click();
  await expect(results.getByText(/The vessel already has a departure on these dates/)).toHaveCount(4);

  // The departures of the vessel, then the season copied one year on.
  await page.goto(`/schedule?vessel=${vesselId}`);
  await expect(departureRows(page)).toHaveCount(4);
  await expect(departureRows(page).first()).toContainText('2030-01-05 – 2030-01-12');
  await expect(departureRows(page).first()).toContainText(tourName);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Copy season' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy a season to the next year' });
  await expect(dialog.getByRole('combobox', { name: /^vessel/i })).toHaveValue(vesselName);
  await dialog.getByLabel(/^from/i).fill('2030-01-01');
  await dialog.getByLabel(/^to/i).fill('2030-12-31');
  await dialog.getByRole('button', { name: 'Copy departures' }).click();
  await expect(dialog.getByText('4 departures created.')).toBeVisible();
  await expect(dialog.getByText('Nothing skipped.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'schedules-copy');

  // Copying again creates nothing and says what was skipped.
  await dialog.getByRole('button', { name: 'Copy departures' }).click();
  await expect(dialog.getByText('0 departures created.')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await expect(dialog.getByText(/2031-01-04 – 2031-01-11: The vessel already has a departure/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The copies keep the Saturday rhythm: Saturday 2030-01-05 → Saturday 2031-01-04.
  await expect(departureRows(page)).toHaveCount(8);
  await page.getByLabel(/^from$/i).fill('2031-01-01');
  await expect(departureRows(page)).toHaveCount(4);
  await expect(departureRows(page).nth(0)).toContainText('2031-01-04 – 2031-01-11');
  await expect(departureRows(page).nth(3)).toContainText('2031-01-25 – 2031-02-01');
  await screenshots(page, 'schedules-list');

  // A departure's page, and its edit form refusing an overlap.
  await departureRows(page).nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { name: `${tourName} · 2031-01-11 – 2031-01-18` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel(/^first day/i).fill('2031-01-05');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: '2031-01-04 – 2031-01-11' })).toBeVisible();
  await expectAccessible(page);
});
