import { expect, type Page, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// The comments of a booking on its page (docs/domain/lifecycle.md "Comments"): the office adds an internal and a
// public comment to a booking of the demo agency; the agent sees only the public one and adds its own; at 1280 and
// 375 px, in English and German.

const AGENCY = 'Blue Reef Travel';
const INTERNAL = 'Agency still owes the deposit';
const PUBLIC = 'Nitrox for both guests is arranged';

const thread = (page: Page) => page.getByRole('list', { name: 'Comments' });

async function addComment(page: Page, text: string, internal: boolean) {
  await page.getByRole('textbox', { name: 'New comment' }).fill(text);
  const box = page.getByRole('checkbox', { name: 'Internal' });
  if ((await box.count()) > 0) await box.setChecked(internal);
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(thread(page).getByRole('listitem').filter({ hasText: text })).toBeVisible();
}

test('staff comment on a booking, internally and for the agency; the agent sees only the public one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The scene: a confirmed cabin booking of the demo agency.
  const staff = await apiAs(request, DEMO.staff);
  const booking = await confirmedCabinBooking(staff, ['Clara Comment', 'Carlo Comment']);
  const agencyId = (await staff.get(`/api/agencies?search=${encodeURIComponent(AGENCY)}`)).data.find(
    (a: { name: string }) => a.name === AGENCY,
  ).id as number;
  const { version } = await staff.get(`/api/bookings/${booking.id}`);
  await staff.post(`/api/bookings/${booking.id}/agency/${agencyId}?version=${version}`, {}, 200);

  await login(page, DEMO.staff, `/booking/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(page.getByText('No comments yet.')).toBeVisible();
  await addComment(page, INTERNAL, true);
  await addComment(page, PUBLIC, false);
  // Newest first, each with its author; only the internal one carries the badge.
  const items = thread(page).getByRole('listitem');
  await expect(items.first()).toContainText(PUBLIC);
  await expect(items.nth(1)).toContainText(INTERNAL);
  await expect(items.nth(1)).toContainText('Demo Staff');
  await expect(items.nth(1).getByText('Internal', { exact: true })).toBeVisible();
  await expect(items.first().getByText('Internal', { exact: true })).toHaveCount(0);
  await expect(items.first().getByRole('button', { name: 'Edit comment' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('heading', { name: 'Comments' }).scrollIntoViewIfNeeded();
  await screenshots(page, 'booking-comments-staff');

  // On a phone the thread and the form fit the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(items.first()).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await cutTexts(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The agent: the public comment only, no internal box; it adds its own and may change only that.
  await page.context().clearCookies();
  await login(page, DEMO.agent, `/booking/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible();
  await expect(thread(page).getByRole('listitem').filter({ hasText: PUBLIC })).toBeVisible();
  await expect(page.getByText(INTERNAL)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Internal' })).toHaveCount(0);
  await expect(thread(page).getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
  await addComment(page, 'The guests land at 14:00', false);
  const own = thread(page).getByRole('listitem').filter({ hasText: 'The guests land at 14:00' });
  await expect(own).toContainText('Demo Agent');
  await expect(own.getByRole('button', { name: 'Delete comment' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'booking-comments-agent');
  // The API agrees: nothing internal reaches the agent.
  const agent = await apiAs(request, DEMO.agent);
  const filter = encodeURIComponent(JSON.stringify({ bookingId: booking.id }));
  const seen = (await agent.get(`/api/bookingcomment?size=0&filter=${filter}`)).data as { text: string }[];
  expect(seen.map((c) => c.text).sort()).toEqual([PUBLIC, 'The guests land at 14:00'].sort());
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the card speaks German', async ({ page, request }) => {
    const staff = await apiAs(request, DEMO.staff);
    const booking = await confirmedCabinBooking(staff, ['Greta Kommentar', 'Georg Kommentar']);
    await staff.post('/api/bookingcomment', { bookingId: booking.id, text: 'Bitte Transfer bestätigen' });
    await login(page, DEMO.staff, `/booking/${booking.id}`);
    await expect(page.getByRole('heading', { name: 'Kommentare' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kommentar hinzufügen' })).toBeVisible();
    const item = page.getByRole('list', { name: 'Kommentare' }).getByRole('listitem').first();
    await expect(item).toContainText('Bitte Transfer bestätigen');
    await expect(item.getByText('Intern', { exact: true })).toBeVisible();
    // The time as German writes it: DD.MM.YYYY HH:mm.
    await expect(item.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(await cutTexts(page)).toEqual([]);
  });
});
