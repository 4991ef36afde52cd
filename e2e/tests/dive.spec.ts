import { expect, test } from '@playwright/test';
import { apiAs, dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

/**
 * The dive deck plans tomorrow's boat trip: two guests in house and a walk-in day guest join it, one guest
 * shows what they are missing, the boat list prints, the trip's dives land in the log and on the guests' bill
 * (the dive type's product, one OnSite line per dive) and the day guest's tab.
 */
test('staff plans tomorrow’s trip with guests in house and a day guest, prints the boat list and logs it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, DEMO.admin);
  const stamp = Date.now().toString(36);
  const [ana, ben] = await Promise.all(
    ['Ana', 'Ben'].map((first) =>
      api.post('/api/customers', { masterData: { firstName: first, lastName: `Diver ${stamp}` } }),
    ),
  );
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resortId = (await api.get('/api/resort?search=Coral%20Garden%20Resort')).data[0].id as number;
  const rooms = (await api.get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId })}`)).data as {
    id: number;
  }[];
  // What a dive of this trip's type charges: a guided dive sold per dive.
  const diveProduct = `Guided dive ${stamp}`;
  const product = await api.post('/api/product', {
    name: diveProduct,
    price: '38.00',
    chargingBase: 'PerDive',
  });
  const typeName = `Boat dive ${stamp}`;
  await api.post('/api/divetype', { name: typeName, kind: 'boat', productId: product.id });
  const booking = await api.post('/api/bookings', {
    state: 'confirmed',
    language: 'en',
    rooms: [
      {
        roomId: rooms.at(-6)?.id,
        from: dayFromToday(0),
        to: dayFromToday(4),
        guests: [{ customerId: ana.id }, { customerId: ben.id }],
      },
    ],
  });
  const anaName = `Ana Diver ${stamp}`;
  const wanda = `Wanda Walk-in ${stamp}`;

  await login(page, DEMO.admin);
  await page.goto('/dive/plan');
  await expect(page.getByRole('heading', { name: 'Dive planning' })).toBeVisible();
  await page.getByLabel('Day').fill(dayFromToday(1));

  // A trip at 08:30 on the demo's boat and site with the demo guide.
  await page.getByRole('combobox', { name: 'Boat' }).click();
  await page.getByRole('option', { name: 'Banca Pescador' }).click();
  await page.getByRole('combobox', { name: 'Dive site' }).click();
  await page.getByRole('option', { name: 'Pescador Island' }).click();
  await page.getByRole('combobox', { name: 'Dive type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  await page.getByRole('combobox', { name: 'Guides' }).fill('Rico');
  await page.getByRole('option', { name: 'Rico Alcantara' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add trip' }).click();
  const trip = page.getByLabel('Trip 08:30', { exact: true });
  await expect(trip).toBeVisible();

  // A walk-in diver with card, medical and insurance.
  await page.getByRole('textbox', { name: 'Name' }).fill(wanda);
  await page.getByRole('textbox', { name: 'Certification' }).fill('SSI Open Water Diver');
  await page.getByLabel('Medical statement of').fill(dayFromToday(-30));
  await page.getByRole('textbox', { name: 'Insurance' }).fill('DAN Europe');
  await page.getByRole('button', { name: 'Add day guest' }).click();

  for (const name of [anaName, `Ben Diver ${stamp}`, wanda]) {
    await page.getByRole('button', { name: `Add ${name} to trip 08:30` }).click();
    await expect(trip).toContainText(name);
  }
  await expect(trip).toContainText('3 divers');
  // Ana has filled in no guest form yet: the plan says what is missing; the day guest is ready.
  await expect(trip.getByText('medical missing').first()).toBeVisible();
  await expect(trip.getByText('Not everyone ready')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dive-plan');

  // The boat list: a tab opens and the list arrives as a PDF.
  const [, answer] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().includes('/api/diveplan/print/boatList')),
    page.getByRole('button', { name: 'Print boat list' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');

  await trip.getByRole('button', { name: 'Write dives to the log' }).click();
  await expect(page.getByText('3 dives written to the log. 3 charged to the bills.')).toBeVisible();
  await expect(trip.getByText('In the log')).toBeVisible();

  // On the guests' bill: one OnSite line per dive; the walk-in's on their tab at the counter.
  await page.goto(`/booking/${booking.id}`);
  const lines = page.getByRole('table', { name: 'Calculation lines' });
  await expect(lines.getByRole('row').filter({ hasText: diveProduct })).toHaveCount(2);
  const stored = await api.get(`/api/bookings/${booking.id}`);
  expect(
    (stored.calculation as { text: string; total: string; customerType: string }[])
      .filter((l) => l.text === diveProduct)
      .map((l) => `${l.total} ${l.customerType}`),
  ).toEqual(['38.00 OnSite', '38.00 OnSite']);
  // Checking the room in warns that Ana is not ready; the office checks in anyway, with a reason.
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'Not ready to dive' });
  await expect(warning.getByRole('listitem').filter({ hasText: anaName })).toContainText('medical missing');
  await expectAccessible(page);
  await warning.getByRole('textbox', { name: 'Reason' }).fill('Medical statement shown on paper at the desk');
  await warning.getByRole('button', { name: 'Check in anyway' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Check out', exact: true })).toBeVisible();
  expect((await api.get(`/api/bookings/${booking.id}`)).rooms[0].checkIn).not.toBeNull();
  // The counter's screens and calls are behind the pos switch (the tab is kept while it is off).
  await api.post('/api/settings/group/features', { pos: true }, 200);
  const tabs = (await api.get(`/api/pos?search=${encodeURIComponent(wanda)}`)).data as { id: number }[];
  expect(tabs).toHaveLength(1);
  const tab = await api.get(`/api/pos/${tabs[0]?.id}/account`);
  expect(tab.account.total).toBe('38.00');

  await page.goto('/dive/log');
  await expect(page.getByRole('table', { name: 'Dive log' })).toContainText(anaName);
  await expectAccessible(page);
  await page.goto('/dive/overview');
  await page.getByLabel('Day').fill(dayFromToday(1));
  await expect(page.getByRole('table', { name: 'Dive overview' })).toContainText(anaName);
  await expectAccessible(page);
  await screenshots(page, 'dive-overview');
});
