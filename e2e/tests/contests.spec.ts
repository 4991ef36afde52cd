import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, confirmedCabinBooking, dayFromToday, type TApi } from './support/booking-api.ts';
import { cutTexts, DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// Agency sales contests (docs/domain/contests.md): the office creates one in the screen; the demo agent subscribes its
// agency (Blue Reef Travel) in the screen and sees its own place, never the other agency taking part; the office sees
// the whole standing in the contest's drawer. At 1280 and 375 px, and in German. The switch goes on through the
// settings and off again at the end (the journeys share one server).

const CONTEST = 'Spring cup (journey)';
const OWN = 'Blue Reef Travel';

/** The agency of the demo agent and another one. */
async function agencies(staff: TApi) {
  const rows = (await staff.get('/api/agencies?size=0&sort=id')).data as { id: number; name: string }[];
  const own = rows.find((a) => a.name === OWN);
  const other = rows.find((a) => a.name !== OWN);
  if (!own || !other) throw new Error('the demo needs Blue Reef Travel and another agency');
  return { own, other };
}

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  expect(await cutTexts(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the office runs a contest, the agent takes part and sees only its own place', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiAs(request, DEMO.admin);
  const staff = await apiAs(request, DEMO.staff);
  await admin.post('/api/settings/group/features', { contest: true }, 200);
  let contestId = 0;
  const { own, other } = await agencies(staff);
  try {
    // Bookings confirmed today: two for the agent's agency, one for the other.
    await confirmedCabinBooking(staff, ['Carla Contest', 'Carl Contest'], undefined, { agencyId: own.id });
    await confirmedCabinBooking(staff, ['Cora Contest', 'Cid Contest'], undefined, { agencyId: own.id });
    await confirmedCabinBooking(staff, ['Olga Other', 'Otto Other'], undefined, { agencyId: other.id });

    // The office creates the contest in the screen.
    await login(page, DEMO.staff, '/contest/list');
    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(CONTEST);
    await form.getByRole('textbox', { name: 'Prize' }).fill('A week on MV Atoll Explorer');
    await form.getByRole('textbox', { name: 'From', exact: true }).fill(dayFromToday(-7));
    await form.getByRole('textbox', { name: 'To', exact: true }).fill(dayFromToday(60));
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created.')).toBeVisible();
    // The other agency takes part through the office, in the contest's drawer.
    await form.getByRole('combobox', { name: 'Add an agency' }).fill(other.name);
    await page.getByRole('option', { name: other.name }).click();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('table', { name: 'Standing' })).toContainText(other.name);
    await page.keyboard.press('Escape');
    const found = (await staff.get(`/api/contest?search=${encodeURIComponent(CONTEST)}`)).data as {
      id: number;
      metric: string;
    }[];
    expect(found).toHaveLength(1);
    expect(found[0]?.metric).toBe('bookings');
    contestId = found[0]?.id ?? 0;

    // The agent subscribes its own agency and sees its place among the two, counting at least the two bookings
    // above (the journeys before this one book for the agency too; the route test checks the figures exactly).
    await page.context().clearCookies();
    await login(page, DEMO.agent, '/contest/list');
    const card = page.getByRole('region', { name: CONTEST });
    await expect(card).toContainText('Not taking part');
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(card.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    const mine = await (await apiAs(request, DEMO.agent)).get(`/api/contest/${contestId}/subscription`);
    const place = mine.rows[0] as { rank: number; figure: string };
    expect([mine.rows.length, mine.participants]).toEqual([1, 2]);
    expect(Number(place.figure)).toBeGreaterThanOrEqual(2);
    await expect(card.getByTestId('own-standing')).toHaveText(
      `Your place: ${place.rank} of 2, ${place.figure} (Bookings)`,
    );
    await expect(page.getByText(other.name)).toHaveCount(0);
    expect(JSON.stringify(mine)).not.toContain(other.name);
    await expectAccessible(page);
    await screenshots(page, 'contests-agent');
    await fitsPhone(page);

    // The office sees the whole standing in the contest's drawer.
    await page.context().clearCookies();
    await login(page, DEMO.staff, '/contest/list');
    await page.getByRole('row').filter({ hasText: CONTEST }).click();
    const standing = page.getByRole('dialog').getByRole('table', { name: 'Standing' });
    const all = (await staff.get(`/api/contest/${contestId}/subscription`)).rows as {
      rank: number;
      agencyName: string;
      figure: string;
    }[];
    expect(all.map((r) => r.agencyName).sort()).toEqual([OWN, other.name].sort());
    for (const [i, r] of all.entries())
      await expect(standing.getByRole('row').nth(i + 1)).toContainText(`${r.rank}${r.agencyName}${r.figure}`);
    await expectAccessible(page);
    await screenshots(page, 'contests-office');
    await fitsPhone(page);
  } finally {
    if (contestId) {
      // The agent's subscription may be missing when the journey failed before it.
      const headers = { authorization: `Bearer ${await staffToken(request)}` };
      for (const agencyId of [own.id, other.id])
        await request.post('/api/contest/unsubscribe', { headers, data: { contestId, agencyId } });
      await staff.del(`/api/contest/${contestId}`);
    }
    await admin.post('/api/settings/group/features', { contest: false }, 200);
  }
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the agent reads the contests in German', async ({ page, request }) => {
    const admin = await apiAs(request, DEMO.admin);
    await admin.post('/api/settings/group/features', { contest: true }, 200);
    try {
      await login(page, DEMO.agent, '/contest/list');
      await expect(page.getByRole('heading', { name: 'Gewinnspiele' })).toBeVisible();
      await expect(page.getByText('Unsere Wettbewerbe für Agenturen', { exact: false })).toBeVisible();
      expect(await cutTexts(page)).toEqual([]);
    } finally {
      await admin.post('/api/settings/group/features', { contest: false }, 200);
    }
  });
});

/** The office's token for the cleanup, which must not fail on a subscription already gone. */
async function staffToken(request: APIRequestContext) {
  return (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token as string;
}
