import { expect, type Page, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';
import { choose, createSeason } from './support/prices.ts';

test.use({ locale: 'en-GB' });

const SPECIAL = 'Early bird 10 %';
const RULE_FIELD = 'Days before arrival (DaysBeforeTravelDate)';

/** The why entry of one special in the simulator's answer. */
const whyOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Why each special' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test('staff builds a season and an early-bird special and sees the simulator apply it and explain why not', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO.staff);

  // A season of our own, years ahead of the demo seasons: the simulator must price with it.
  const season = `Spring ${Date.now()}`;
  await createSeason(page, {
    name: season,
    asset: 'Coral Garden Resort',
    from: '2032-01-10',
    to: '2032-03-31',
    variants: ['Double use'],
    cells: [{ roomType: 'Garden Room', variant: 'Double use', value: '123' }],
  });

  // The special: 10 % off the room price, booked at least 60 days before arrival.
  await page.goto('/specials/create');
  await expect(page.getByRole('heading', { name: 'New special' })).toBeVisible();
  await page.getByRole('textbox', { name: /^name/i }).fill(SPECIAL);
  await expect(page.getByRole('combobox', { name: 'Discount kind' })).toHaveValue('Percent');
  await page.getByRole('textbox', { name: 'Discount value' }).fill('10');
  await expect(page.getByText('The value is a percentage of the target')).toBeVisible();
  await page.getByRole('button', { name: 'Add a rule' }).click();
  const rule = page.getByRole('group', { name: 'Rule 1' });
  await rule.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: RULE_FIELD, exact: true }).click();
  await expect(rule.getByText('DaysBeforeTravelDate – days between booking and arrival')).toBeVisible();
  await rule.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: '≥ at least', exact: true }).click();
  await rule.getByRole('textbox', { name: 'Value' }).fill('60');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Created.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/specials\/\d+$/);
  await expect(page.getByRole('heading', { name: SPECIAL })).toBeVisible();

  // A new special is a draft: it is confirmed on its page.
  await choose(page, /^status/i, 'Confirmed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Rule 1' }).getByRole('textbox', { name: 'Value' }),
  ).toHaveValue('60');
  await expectAccessible(page);
  await screenshots(page, 'special-edit');

  // The list shows it with its kind and value, confirmed.
  await page.goto('/specials/list');
  const row = page.getByRole('table', { name: 'Specials' }).getByRole('row').filter({ hasText: SPECIAL });
  await expect(row).toContainText('10 %');
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('Room price');
  await expectAccessible(page);
  await screenshots(page, 'specials-list');

  // The simulator: a week in our season at Coral Garden Resort, booked today (years ahead).
  await page.getByRole('tab', { name: 'Price simulator' }).click();
  await choose(page, /^resort/i, 'Coral Garden Resort');
  await page.getByLabel(/^arrival/i).fill('2032-02-01');
  await page.getByLabel(/^departure/i).fill('2032-02-08');
  await expect(page.getByLabel(/^booking date/i)).toHaveValue(dayFromToday(0));
  await choose(page, /^room type/i, 'Garden Room');
  await page.getByRole('button', { name: 'Calculate' }).click();

  const lines = page.getByRole('table', { name: 'Calculation lines' });
  await expect(lines.getByRole('row').filter({ hasText: 'Garden Room' }).first()).toContainText('€861.00');
  await expect(lines.getByRole('row').filter({ hasText: SPECIAL })).toHaveCount(1);
  const own = whyOf(page, SPECIAL);
  await expect(own.getByText('Applied', { exact: true })).toBeVisible();
  await expect(own).toContainText(/DaysBeforeTravelDate \d+ ≥ 60/);
  await expect(page.getByRole('term').filter({ hasText: 'Due before travel' })).toBeVisible();

  // A room line unfolds into its nights and the season that priced each: ours.
  await lines.getByRole('button', { name: /^Show the details of Garden Room/ }).click();
  const nights = page.getByRole('table', { name: /^Nights of/ });
  await expect(nights.getByRole('row')).toHaveCount(8);
  await expect(nights.getByRole('row').filter({ hasText: season })).toHaveCount(7);
  await expectAccessible(page);
  await screenshots(page, 'price-simulator');

  // Booked only 30 days ahead, the special is not applied and the failed rule says why.
  await page.getByLabel(/^booking date/i).fill('2032-01-02');
  await expect(page.getByText('30 days before arrival')).toBeVisible();
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(own.getByText('Not applied', { exact: true })).toBeVisible();
  await expect(own).toContainText('A rule does not hold.');
  await expect(own).toContainText('DaysBeforeTravelDate 30 < 60');
  await expect(lines.getByRole('row').filter({ hasText: SPECIAL })).toHaveCount(0);
  await expectAccessible(page);
});

test('the test panel of a special prices a liveaboard departure and marks the special in the why', async ({
  page,
}) => {
  await login(page, DEMO.staff, '/specials/list');
  await page.getByRole('link', { name: 'Group free place 10+1' }).click();
  await expect(page.getByRole('heading', { name: 'Group free place 10+1' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Rule 1' }).getByRole('combobox', { name: 'Field' }),
  ).toHaveValue('Vessel');

  const panel = page.getByRole('form', { name: 'Price simulator' });
  await panel.getByRole('radio', { name: 'Liveaboard departure' }).check();
  await choose(page, /^vessel/i, 'MV Atoll Explorer');
  await page.getByRole('combobox', { name: /^departure date/i }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: /^room type/i }).click();
  await page.getByRole('option').first().click();
  await panel.getByRole('button', { name: 'Calculate' }).click();

  await expect(page.getByRole('table', { name: 'Calculation lines' }).getByRole('row')).not.toHaveCount(0);
  const own = whyOf(page, 'Group free place 10+1');
  await expect(own.getByText('This special')).toBeVisible();
  await expect(own.getByText('Not applied', { exact: true })).toBeVisible();
  await expect(own).toContainText('NoOfPax 2 < 11');
  await expectAccessible(page);
  await screenshots(page, 'special-test-panel');
});
