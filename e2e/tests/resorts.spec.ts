import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('staff creates a resort, allows arrival on Saturdays only and sees it in the preview', async ({
  page,
}) => {
  // Create, rule and preview: a long journey on a busy machine.
  test.setTimeout(90_000);
  const name = `Lagoon Lodge ${Date.now()}`;
  await login(page, DEMO.staff, '/resort/list');
  await expect(page.getByRole('heading', { name: 'Resorts' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/resort\/create$/);

  await page.getByRole('textbox', { name: /^name/i }).fill(name);
  await page.getByRole('textbox', { name: /^city/i }).fill('Coron');
  await page.getByRole('textbox', { name: 'Check-in from' }).fill('15:00');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page).toHaveURL(/\/resort\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Check-in from' })).toHaveValue('15:00');
  await expectAccessible(page);
  await screenshots(page, 'resort-edit');

  // The allowed days of this resort: one rule, arrival on Saturday.
  await page.getByRole('main').getByRole('link', { name: 'Arrival and departure days' }).click();
  await expect(page).toHaveURL(/\/resort\/dates\?resort=\d+$/);
  await expect(page.getByRole('combobox', { name: 'Resort' })).toHaveValue(name);
  await expect(page.getByText('No rules: arrival and departure are allowed on every day.')).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('form', { name: 'Rule 1' });
  await expect(rule.getByRole('combobox', { name: 'Applies to' })).toHaveValue('Arrival');
  await rule.getByRole('checkbox', { name: 'Saturday' }).check();
  await rule.getByRole('button', { name: 'Create', exact: true }).click();
  // The resort's own "Created." may still be showing on a slow machine: the rule's is the newest.
  await expect(page.getByText('Created.').last()).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Rule 1' }).getByRole('checkbox', { name: 'Saturday' }),
  ).toBeChecked();

  // The month preview: arrival only on Saturdays, departure every day (once the saved rule is reflected).
  const cells = page.locator('td[data-date]');
  const wrongDays = async () => {
    const days = await cells.evaluateAll((tds) =>
      tds.map((td) => ({
        date: td.getAttribute('data-date') ?? '',
        arrival: td.getAttribute('data-arrival') === 'true',
        departure: td.getAttribute('data-departure') === 'true',
      })),
    );
    if (days.length < 28) return ['not loaded'];
    return days
      .filter((d) => d.arrival !== (new Date(`${d.date}T00:00:00Z`).getUTCDay() === 6) || !d.departure)
      .map((d) => d.date);
  };
  await expect.poll(wrongDays).toEqual([]);
  // The next month follows the same rule.
  const before = await cells.first().getAttribute('data-date');
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(cells.first()).not.toHaveAttribute('data-date', before ?? '');
  await expect.poll(wrongDays).toEqual([]);
  await expectAccessible(page);
  await screenshots(page, 'resort-dates');
});

test('staff creates a room type that starts with the defaults 2 / 1 / 2', async ({ page, request }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const resortRes = await request.post('/api/resort', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Reef Garden ${stamp}` },
  });
  expect(resortRes.status(), await resortRes.text()).toBe(201);
  const resort = await resortRes.json();

  await login(page, DEMO.staff, '/room/type/list');
  // The page's code loads on first use: allow a busy machine more than the default 5 s.
  await expect(page.getByRole('heading', { name: 'Cabin and room types' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('textbox', { name: /^Default persons/ })).toHaveValue('2');
  await expect(drawer.getByRole('textbox', { name: /^Minimum persons/ })).toHaveValue('1');
  await expect(drawer.getByRole('textbox', { name: /^Maximum persons(?! \(OTA\))/ })).toHaveValue('2');
  await expect(drawer.getByRole('textbox', { name: /^Rooms for OTAs/ })).toHaveValue('-1');

  const name = `Ocean View ${stamp}`;
  await drawer.getByRole('textbox', { name: /^name/i }).fill(name);
  await drawer.getByRole('combobox', { name: 'Resort' }).click();
  await page.getByRole('option', { name: resort.name }).click();
  await expectAccessible(page);
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  await page.keyboard.press('Escape');
  await searchList(page, name);
  const row = page.locator('table[aria-label="Cabin and room types"] tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1–2 (2)');
  await expect(row).toContainText(resort.name);
  await screenshots(page, 'room-types');

  const list = await request.get(`/api/roomtypes?search=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await list.json()).data[0]).toMatchObject({
    resortId: resort.id,
    defaultNoOfPax: 2,
    minNoOfPax: 1,
    maxNoOfPax: 2,
    maxNoOfOTAPax: 2,
    availableToOTA: -1,
    roomTypeOTA: 'Double',
    sizeInSqm: -1,
    surchargeType: 'percent',
  });
});
