import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiAs, dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

// The booking widget: staff create a widget for the demo vessel in /widget-admin/create
// and copy its embed snippet; a plain page on another origin (a shop's page, see below) embeds it with
// the one script tag; the loader puts the widget page in an iframe that sizes itself from the page's
// height messages; the guest books two berths through the booking flow inside it; each step is counted
// once (view, search, booking) and /widget-admin/stats shows views → searches → bookings.
// The shop's page comes from a small local server reached as http://localhost:<port> (another site than
// the app's http://127.0.0.1): a page.route-fulfilled page counts as public address space, and Chromium
// refuses its loads from loopback (Private Network Access), which a real shop and Atoll host never meet.

test.use({ locale: 'en-GB' });

/** What the shop's server answers: the page set for the path, else 404. */
const shopPages = new Map<string, string>();
let shop: Server;
let EMBED_ORIGIN = '';
/** The same server under another origin, which the widget does not allow. */
let OTHER_ORIGIN = '';

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const body = shopPages.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => shop.listen(0, resolve));
  const { port } = shop.address() as AddressInfo;
  EMBED_ORIGIN = `http://localhost:${port}`;
  OTHER_ORIGIN = `http://127.0.0.1:${port}`;
});
test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

const shopPage = (title: string, content: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`;
const VESSEL = 'MV Atoll Explorer';

test('staff create a widget, a page on another site embeds it, the stats show the visit', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  await login(page, DEMO.staff);

  // 1. Create the widget.
  await page.goto('/widget-admin/create');
  await page.getByRole('textbox', { name: 'Name' }).fill('Reef Widget');
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue('reef-widget');
  await page.getByRole('radio', { name: 'Vessel' }).check({ force: true });
  await page.getByLabel('Resort or vessel', { exact: false }).first().click();
  await page.getByRole('option', { name: VESSEL }).click();
  await page.getByRole('textbox', { name: 'Allowed websites' }).fill(EMBED_ORIGIN);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/widget-admin\/\d+$/);
  const widgetId = Number(new URL(page.url()).pathname.split('/').pop());

  // 2. Copy the snippet: it is the one script tag with this server's address.
  const snippet = page.getByTestId('widget-snippet');
  await expect(snippet).toHaveText(
    `<script src="${baseURL}/widget.js" data-atoll-widget="reef-widget" async></script>`,
  );
  await page.getByRole('button', { name: /^Copy: Script tag/ }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  await expectAccessible(page);
  expect(copied).toBe(await snippet.textContent());
  // The back office previews it in an iframe of its own origin.
  await expect(
    page.frameLocator('iframe[title^="Preview"]').locator('[data-widget="reef-widget"]'),
  ).toBeVisible();

  // 3. A plain page on another origin embeds it.
  shopPages.set('/', shopPage('Book your trip', `${copied}<p>Thanks for visiting</p>`));
  const framed = page.waitForResponse((r) => r.url().includes('/widget/reef-widget?embed=1'));
  const viewed = page.waitForResponse((r) => /\/api\/widget\/t\/\d+\/[a-f0-9]{32}\/view$/.test(r.url()));
  await page.goto(`${EMBED_ORIGIN}/`);
  const frameResponse = await framed;
  expect(frameResponse.headers()['content-security-policy']).toContain(
    `frame-ancestors 'self' ${EMBED_ORIGIN}`,
  );
  expect(frameResponse.headers()['x-frame-options']).toBeUndefined();
  const iframe = page.locator('iframe[data-atoll-widget="reef-widget"]');
  await expect(iframe).toHaveAttribute('title', 'Online booking');
  await expect(iframe).toHaveAttribute('src', `${baseURL}/widget/reef-widget?embed=1`);
  const widget = page.frameLocator('iframe[data-atoll-widget="reef-widget"]');
  await expect(widget.locator('[data-widget="reef-widget"]')).toBeVisible();
  expect((await viewed).status()).toBe(200);
  // The loader sized the iframe from the page's height message (it starts at 700px).
  await expect
    .poll(async () => iframe.evaluate((el) => (el as HTMLIFrameElement).style.height))
    .not.toBe('700px');
  const staffApi = await apiAs(request, DEMO.staff);
  const today = dayFromToday(0);
  const statsNow = async () =>
    (await staffApi.get(`/api/widget/${widgetId}/stats?from=${today}&to=${today}`)).totals;
  expect(await statsNow()).toMatchObject({ views: 1, searches: 0, bookings: 0 });

  // 4. The guest books through the widget: a departure five months ahead, two berths in cabin L3 (the
  //    online-booking journeys take months 2 and 4 on the same server).
  const searched = page.waitForResponse((r) => /\/api\/widget\/t\/\d+\/[a-f0-9]{32}\/search$/.test(r.url()));
  await expect(widget.getByRole('heading', { name: 'Book your trip' })).toBeVisible();
  for (let i = 0; i < 5; i++) await widget.getByRole('button', { name: 'Next month' }).click();
  const departure = widget.getByTestId('departure').first();
  // The month's first search prices each departure's cabin types (later ones come from the search cache).
  await expect(departure).toBeVisible({ timeout: 20_000 });
  await departure.getByRole('button', { name: 'Choose' }).click();
  await widget.getByRole('combobox', { name: 'Guests in L3' }).selectOption('2');
  await widget.getByTestId('continue').click();
  await expect(widget.getByRole('heading', { name: 'Guests and price' })).toBeVisible();
  expect((await searched).status()).toBe(200);
  await widget.getByRole('textbox', { name: 'Name of guest 1' }).fill('Wanda Widget');
  await widget.getByRole('textbox', { name: 'Name of guest 2' }).fill('Walter Widget');
  await widget.getByRole('textbox', { name: 'First name' }).fill('Wanda');
  await widget.getByRole('textbox', { name: 'Last name' }).fill('Widget');
  await widget.getByRole('textbox', { name: 'E-mail' }).first().fill('wanda.widget@example.test');
  const bookedCall = page.waitForRequest((r) =>
    /\/api\/widget\/t\/\d+\/[a-f0-9]{32}\/booking$/.test(r.url()),
  );
  await widget.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await widget.getByTestId('book-now').click();
  // The create runs the whole booking write (availability, price, hold): give a loaded machine time.
  await expect(widget.getByRole('heading', { name: 'Pay your booking' })).toBeVisible({ timeout: 15_000 });
  const bookingId = bookedCall.then((r) => r.postDataJSON()) as Promise<{ bookingId?: number }>;
  const booked = (await bookingId).bookingId;
  expect(booked).toBeGreaterThan(0);
  await expect.poll(statsNow).toMatchObject({ views: 1, searches: 1, bookings: 1 });

  // 5. The stats screen: views → searches → bookings.
  await page.goto(`${baseURL}/widget-admin/stats?id=${widgetId}`);
  await expect(page.getByTestId('funnel-views')).toHaveText(/^Views1$/);
  await expect(page.getByTestId('funnel-searches')).toContainText('Searches1');
  await expect(page.getByTestId('funnel-searches')).toContainText('100 % searched');
  await expect(page.getByTestId('funnel-bookings')).toContainText('Bookings1');
  await expect(page.getByTestId('funnel-bookings')).toContainText('Conversion 100 %');
  await expectAccessible(page);
});

test('an iframe-only embed works too, and other origins may not frame it', async ({
  page,
  baseURL,
  request,
}) => {
  const staffApi = await apiAs(request, DEMO.staff);
  const vesselId = (await staffApi.get(`/api/vessel?search=${encodeURIComponent(VESSEL)}`)).data[0].id;
  await staffApi.post('/api/widget', {
    name: 'Shop frame',
    slug: 'shop-frame',
    assetType: 'vessel',
    assetId: vesselId,
    allowedOrigins: [EMBED_ORIGIN],
  });
  await login(page, DEMO.staff, '/widget-admin/list');
  await page.getByRole('link', { name: 'Shop frame' }).click();
  const iframeSnippet = (await page.getByTestId('widget-iframe-snippet').textContent()) ?? '';
  expect(iframeSnippet).toContain(`${baseURL}/widget/shop-frame?embed=1`);
  shopPages.set('/iframe-only', shopPage('Shop', iframeSnippet));
  await page.goto(`${EMBED_ORIGIN}/iframe-only`);
  await expect(page.frameLocator('iframe').locator('[data-widget="shop-frame"]')).toBeVisible();
  // Loaded again (the page revalidated from the cache, 304): it still may be framed here.
  await page.reload();
  await expect(page.frameLocator('iframe').locator('[data-widget="shop-frame"]')).toBeVisible();
  // A site that is not allowed gets the browser's refusal (frame-ancestors): no widget inside.
  // Waits for the frame's answer (with its frame-ancestors header), then looks: state, not time.
  const framed = page.waitForResponse((r) => r.url().includes('/widget/shop-frame'));
  await page.goto(`${OTHER_ORIGIN}/iframe-only`);
  await framed;
  await expect(page.frameLocator('iframe').locator('[data-widget="shop-frame"]')).toHaveCount(0);
});

test('a widget that is gone reads "not found", one that failed to load names the failure', async ({
  page,
}) => {
  await login(page, DEMO.staff, '/widget-admin/999999');
  const main = page.getByRole('main');
  await expect(main.getByRole('alert', { name: 'Not found' })).toContainText('This record does not exist');
  await expect(main.getByRole('link', { name: 'Booking widgets' })).toBeVisible();

  // The network fails on the way to the same page: the page says so, not that the widget is missing.
  await page.route('**/api/widget/*', (route) => route.abort('internetdisconnected'));
  await page.goto('/widget-admin/999998');
  await expect(main.getByRole('alert')).toHaveText('No connection to the server.');
  await expect(main.getByRole('alert', { name: 'Not found' })).toHaveCount(0);
});
