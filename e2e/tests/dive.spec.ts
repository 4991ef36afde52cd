import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, dayFromToday } from './support/booking-api.ts';
import { fillGuest } from './support/guestforms.ts';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

/** A click that opens a tab, and the PDF the call at `path` answers for it. */
async function opensPdf(page: Page, path: string, button: Locator) {
  const [, answer] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().includes(path)),
    button.click(),
  ]);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
}

/** Closes the open drawer with Escape (a notification may cover its buttons; a dropdown takes the first). */
async function closeDrawer(page: Page) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/**
 * The dive deck plans tomorrow's two boat trips: guests in house (the demo customer Maria Sommer and two new
 * guests) and a walk-in day guest join them, one guest shows "medical missing", the boat list prints; that guest
 * fills the guest form from their link and turns ready; the trips' dives land in the log and on the guests' bills
 * (the dive type's product, one OnSite line per dive) and the day guest's tab. Checking in the room of a guest
 * still not ready asks for a reason, which the booking's history shows.
 */
test('staff plans tomorrow’s two trips with guests in house and a day guest, prints the boat list and logs them', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs(request, DEMO.admin);
  const stamp = Date.now().toString(36);
  const [ana, ben] = await Promise.all(
    ['Ana', 'Ben'].map((first) =>
      api.post('/api/customers', { masterData: { firstName: first, lastName: `Diver ${stamp}` } }),
    ),
  );
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const demo = (await api.get('/api/customers?search=Sommer')).data.find(
    (c: { fullName: string }) => c.fullName === 'Maria Sommer',
  ) as { id: number; fullName: string };
  expect(demo).toBeTruthy();
  const maria = { id: demo.id, name: demo.fullName };
  const resortId = (await api.get('/api/resort?search=Coral%20Garden%20Resort')).data[0].id as number;
  const rooms = (await api.get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId })}`)).data as {
    id: number;
  }[];
  // What a dive of these trips' type charges: a guided dive sold per dive.
  const diveProduct = `Guided dive ${stamp}`;
  const product = await api.post('/api/product', {
    name: diveProduct,
    price: '38.00',
    chargingBase: 'PerDive',
  });
  const typeName = `Boat dive ${stamp}`;
  await api.post('/api/divetype', { name: typeName, kind: 'boat', productId: product.id });
  const stay = (roomId: number | undefined, guests: { customerId: number }[]) =>
    api.post('/api/bookings', {
      state: 'confirmed',
      language: 'en',
      rooms: [{ roomId, from: dayFromToday(0), to: dayFromToday(4), guests }],
    });
  // Ben is the lead guest: Ana's own link opens her form alone.
  const booking = await stay(rooms.at(-6)?.id, [{ customerId: ben.id }, { customerId: ana.id }]);
  const mariaStay = await stay(rooms.at(-5)?.id, [{ customerId: maria.id }]);
  const anaName = `Ana Diver ${stamp}`;
  const benName = `Ben Diver ${stamp}`;
  const wanda = `Wanda Walk-in ${stamp}`;

  await login(page, DEMO.admin, '/dive/plan');
  await expect(page.getByRole('heading', { name: 'Dive planning' })).toBeVisible();
  await page.getByLabel('Day').fill(dayFromToday(1));

  // Two trips on the demo's boats and sites with the demo guides: 08:30 and 14:00.
  const pick = async (field: string, option: string) => {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Boat', 'Banca Pescador');
  await pick('Dive site', 'Pescador Island');
  await pick('Dive type', typeName);
  await page.getByRole('combobox', { name: 'Guides' }).fill('Rico');
  await page.getByRole('option', { name: 'Rico Alcantara' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add trip' }).click();
  const trip = page.getByLabel('Trip 08:30', { exact: true });
  await expect(trip).toBeVisible();
  await page.getByLabel(/^Time/).fill('14:00');
  await pick('Boat', 'Banca Sardina');
  await pick('Dive site', 'White Beach Wall');
  await page.getByRole('combobox', { name: 'Guides' }).fill('Mia');
  await page.getByRole('option', { name: 'Mia Santos' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add trip' }).click();
  const afternoon = page.getByLabel('Trip 14:00', { exact: true });
  await expect(afternoon).toBeVisible();

  // A walk-in diver with card, medical and insurance.
  await page.getByRole('textbox', { name: 'Name' }).fill(wanda);
  await page.getByRole('textbox', { name: 'Certification' }).fill('SSI Open Water Diver');
  await page.getByLabel('Medical statement of').fill(dayFromToday(-30));
  await page.getByRole('textbox', { name: 'Insurance' }).fill('DAN Europe');
  await page.getByRole('button', { name: 'Add day guest' }).click();

  for (const name of [anaName, benName, wanda]) {
    await page.getByRole('button', { name: `Add ${name} to trip 08:30` }).click();
    await expect(trip).toContainText(name);
  }
  await page.getByRole('button', { name: `Add ${maria.name} to trip 14:00` }).click();
  await expect(afternoon).toContainText(maria.name);
  // Ben goes out in the afternoon instead.
  await trip.getByRole('button', { name: `Move ${benName} to trip 14:00` }).click();
  await expect(afternoon).toContainText(benName);
  await expect(trip).not.toContainText(benName);
  await expect(trip).toContainText('2 divers');
  await expect(afternoon).toContainText('2 divers');
  // Ana has filled in no guest form yet: the plan says what is missing; the day guest is ready.
  const anaRow = trip.getByText(anaName, { exact: true }).locator('..');
  await expect(anaRow.getByText('medical missing')).toBeVisible();
  await expect(trip.getByText(wanda, { exact: true }).locator('..').getByText('ready')).toBeVisible();
  await expect(trip.getByText('Not everyone ready')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'dive-plan');

  // The boat list of both trips: a tab opens and the list arrives as a PDF.
  await opensPdf(page, '/api/diveplan/print/boatList', page.getByRole('button', { name: 'Print boat list' }));

  // Ana fills the guest form from her own link (on a phone): certification, medical, insurance.
  const links = (await api.get(`/api/guestform/${booking.id}/links`)) as {
    guestName: string;
    link: string;
  }[];
  const anaLink = links.find((l) => l.guestName?.includes('Ana'))?.link;
  expect(anaLink, JSON.stringify(links)).toBeTruthy();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const guestPage = await phone.newPage();
  await guestPage.goto(new URL(anaLink as string).pathname);
  await expect(guestPage.getByRole('heading', { name: 'Guest form', level: 1 })).toBeVisible();
  await expect(guestPage.getByRole('region')).toHaveCount(1);
  await fillGuest(guestPage.getByRole('region', { name: anaName }), {
    first: 'Ana',
    last: `Diver ${stamp}`,
    passport: `C4${stamp}`.slice(0, 9).toUpperCase(),
    flight: 'PR 1857',
  });
  await guestPage.getByRole('button', { name: 'Send' }).click();
  await expect(guestPage.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await phone.close();

  // Back on the plan, Ana is ready; only Ben (afternoon) still misses his papers.
  await page.reload();
  await page.getByLabel('Day').fill(dayFromToday(1));
  await expect(anaRow.getByText('ready')).toBeVisible();
  await expect(anaRow.getByText('medical missing')).toHaveCount(0);
  await expect(trip.getByText('Not everyone ready')).toHaveCount(0);
  await expect(afternoon.getByText(benName, { exact: true }).locator('..')).toContainText('medical missing');

  await trip.getByRole('button', { name: 'Write dives to the log' }).click();
  await expect(page.getByText('2 dives written to the log. 2 charged to the bills.')).toBeVisible();
  await expect(trip.getByText('In the log')).toBeVisible();
  await afternoon.getByRole('button', { name: 'Write dives to the log' }).click();
  await expect(page.getByText('2 dives written to the log. 2 charged to the bills.').last()).toBeVisible();
  await expect(afternoon.getByText('In the log')).toBeVisible();

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
  const mariaBill = await api.get(`/api/bookings/${mariaStay.id}`);
  expect((mariaBill.calculation as { text: string }[]).filter((l) => l.text === diveProduct)).toHaveLength(1);
  // Checking the room in warns that Ben is not ready; the office checks in anyway, with a reason.
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'Not ready to dive' });
  await expect(warning.getByRole('listitem').filter({ hasText: benName })).toContainText('medical missing');
  await expect(warning.getByRole('listitem').filter({ hasText: anaName })).toHaveCount(0);
  await expectAccessible(page);
  const reason = 'Medical statement shown on paper at the desk';
  await warning.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await warning.getByRole('button', { name: 'Check in anyway' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('button', { name: 'Check out', exact: true })).toBeVisible();
  expect((await api.get(`/api/bookings/${booking.id}`)).rooms[0].checkIn).not.toBeNull();
  // The history names the note by its label, with who was not ready and why.
  const versions = page.getByRole('table', { name: 'Versions', exact: true });
  await expect(versions).toContainText('Check-in › Not ready to dive');
  await expect(versions).toContainText(`Reason: ${reason}`);
  await expect(versions).toContainText(benName);
  // The counter's screens and calls are behind the pos switch (the tab is kept while it is off).
  await api.post('/api/settings/group/features', { pos: true }, 200);
  const tabs = (await api.get(`/api/pos?search=${encodeURIComponent(wanda)}`)).data as { id: number }[];
  expect(tabs).toHaveLength(1);
  const tab = await api.get(`/api/pos/${tabs[0]?.id}/account`);
  expect(tab.account.total).toBe('38.00');

  await page.goto('/dive/log');
  const log = page.getByRole('table', { name: 'Dive log' });
  for (const name of [anaName, benName, maria.name, wanda]) await expect(log).toContainText(name);
  await expectAccessible(page);
  await page.goto('/dive/overview');
  await page.getByLabel('Day').fill(dayFromToday(1));
  await expect(page.getByRole('table', { name: 'Dive overview' })).toContainText(anaName);
  await expectAccessible(page);
  await screenshots(page, 'dive-overview');
});

/**
 * The day business beside the trips: walk-in day guests with their readiness, a try-dive with its capacity and
 * participants, and the guides' worklog with the month's sheet as CSV and PDF; each screen in the menu.
 */
test('the office keeps day guests, day events and the worklog', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await login(page, DEMO.admin);
  const nav = page.getByRole('navigation');
  const rows = page.locator('table tbody tr');

  // Day guests: one with everything readiness needs, one without insurance.
  await page.goto('/dive/dayguest');
  await expect(page.getByRole('heading', { name: 'Day guests' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Day guests' })).toBeVisible();
  const guests = [
    { name: `Dora Day ${stamp}`, insurance: 'DAN Europe' },
    { name: `Dirk Day ${stamp}`, insurance: '' },
  ];
  for (const guest of guests) {
    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/^Day/).fill(dayFromToday(1));
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(guest.name);
    await form.getByRole('textbox', { name: 'Certification', exact: true }).fill('PADI Advanced Open Water');
    await form.getByLabel('Medical statement of').fill(dayFromToday(-10));
    if (guest.insurance) await form.getByRole('textbox', { name: 'Insurance' }).fill(guest.insurance);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created.').first()).toBeVisible();
    await closeDrawer(page);
    await expect(form).toBeHidden();
  }
  await page.getByRole('combobox', { name: 'Days' }).click();
  await page.getByRole('option', { name: 'Tomorrow' }).click();
  await searchList(page, stamp);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: guests[0]?.name })).toContainText('ready');
  await expect(rows.filter({ hasText: guests[1]?.name })).toContainText('insurance missing');
  // Dirk brings his insurance: edited, he turns ready.
  await rows.filter({ hasText: guests[1]?.name }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('textbox', { name: 'Insurance' }).fill('aqua med');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await closeDrawer(page);
  await expect(rows.filter({ hasText: guests[1]?.name })).not.toContainText('insurance missing');
  await expectAccessible(page);
  await screenshots(page, 'dive-dayguests');

  // Day events: a try-dive for two; a third participant is refused.
  await page.goto('/dive/dayevent');
  await expect(page.getByRole('heading', { name: 'Day events' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Day events' })).toBeVisible();
  const event = `Try-dive ${stamp}`;
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Day/).fill(dayFromToday(2));
  await form.getByLabel(/^Time/).fill('10:00');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(event);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Try-dive' }).click();
  await form.getByRole('textbox', { name: 'Capacity' }).fill('2');
  const participants = form.getByRole('combobox', { name: 'Participants' });
  for (const name of ['Paula Probe', 'Pit Probe', 'Pia Probe']) {
    await participants.fill(name);
    await participants.press('Enter');
  }
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('More participants than the event takes.')).toBeVisible();
  // The last name typed goes again (Backspace in the empty field).
  await participants.press('Backspace');
  await expect(form.getByText('Pia Probe')).toHaveCount(0);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.').first()).toBeVisible();
  await closeDrawer(page);
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Try-dive' }).click();
  await searchList(page, stamp);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2 of 2');
  await expectAccessible(page);
  await screenshots(page, 'dive-dayevents');

  // The worklog: the office types in Rico's hours; the month's sheet comes as CSV and PDF.
  await page.goto('/employee/worklog');
  await expect(page.getByRole('heading', { name: 'Worklog' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Worklog' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const entry = page.getByRole('dialog');
  await entry.getByRole('combobox', { name: 'Employee' }).click();
  await page.getByRole('option', { name: 'Rico Alcantara' }).click();
  await entry.getByLabel(/^Date/).fill(dayFromToday(0));
  await entry.getByRole('textbox', { name: 'Hours' }).fill('7.5');
  await entry.getByRole('textbox', { name: 'Note' }).fill(`Boat duty ${stamp}`);
  await entry.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Created.').first()).toBeVisible();
  await closeDrawer(page);
  await page.getByRole('combobox', { name: 'Employee' }).first().click();
  await page.getByRole('option', { name: 'Rico Alcantara' }).click();
  await expect(rows.filter({ hasText: `Boat duty ${stamp}` })).toContainText('7.5');
  const sheet = page.getByRole('region', { name: 'Month sheet' });
  await sheet.getByRole('combobox', { name: 'Employee' }).click();
  await page.getByRole('option', { name: 'Rico Alcantara' }).last().click();
  // This month is chosen already.
  await expect(sheet.getByRole('combobox', { name: 'Month' })).toHaveValue(
    new RegExp(dayFromToday(0).slice(0, 4)),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    sheet.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^worklog-\d+-\d{4}-\d{2}\.csv$/);
  await opensPdf(page, '/api/worklog/sheet/', sheet.getByRole('button', { name: 'PDF' }));
  await expectAccessible(page);
  await screenshots(page, 'dive-worklog');
});
