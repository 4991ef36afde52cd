import { expect, test } from '@playwright/test';
import { apiAs } from './support/booking-api.ts';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const menu = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main menu' });

test.describe('menu per user', () => {
  test('admin sees administration and operations', async ({ page }) => {
    await login(page, DEMO.admin);
    await expect(menu(page).locator('a[href="/users"]')).toBeVisible();
    await expect(menu(page).locator('a[href="/userroles"]')).toBeVisible();
    await expect(menu(page).locator('a[href="/booking/list"]')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'home-admin');
  });

  test('staff sees bookings and vessels but no user administration', async ({ page }) => {
    await login(page, DEMO.staff);
    await expect(menu(page).locator('a[href="/booking/list"]')).toBeVisible();
    await expect(menu(page).locator('a[href="/vessel/list"]')).toBeVisible();
    await expect(menu(page).locator('a[href="/users"]')).toHaveCount(0);
    await expect(menu(page).locator('a[href="/config/company"]')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an agent sees their bookings, nothing of the office', async ({ page }) => {
    await login(page, DEMO.agent);
    await expect(menu(page).locator('a[href="/booking/list"]')).toBeVisible();
    await expect(menu(page).locator('a[href="/users"]')).toHaveCount(0);
    await expect(menu(page).locator('a[href="/vessel/list"]')).toHaveCount(0);
    await expect(menu(page).locator('a[href="/bank/list"]')).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'home-agent');
  });

  test('a customer sees no office menu entries', async ({ page }) => {
    await login(page, DEMO.customer, '/club/login');
    await expect(menu(page).locator('a[href="/booking/list"]')).toHaveCount(0);
    await expect(menu(page).locator('a[href="/users"]')).toHaveCount(0);
  });
});

test('a guest opening a protected page is sent to login and comes back after it', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fusers/);
  await expect(page.getByText('Please log in first.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(DEMO.admin.email);
  await page.getByRole('textbox', { name: /passwor/i }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test("a customer who logs in before the page has the installation's settings still lands on their home", async ({
  page,
}) => {
  // A quick login (a password manager) can beat the page's first bootstrap; the landing depends on its switches.
  let delayed = false;
  await page.route('**/api/bootstrap', async (route) => {
    if (!delayed) {
      delayed = true;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    await route.continue();
  });
  await page.goto('/club/login');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(DEMO.customer.email);
  await page.getByRole('textbox', { name: /passwor/i }).fill(DEMO.customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('region', { name: 'Your bookings' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(delayed).toBe(true);
});

test('a logged-in customer who opens the club login again is sent home, never to a page that is off', async ({
  page,
}) => {
  await login(page, DEMO.customer, '/club/login');
  // The session learns its user a moment before the bootstrap's switches arrive; the landing waits for them.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  for (let i = 0; i < 3; i++) {
    await page.goto('/club/login');
    await expect(page.getByRole('region', { name: 'Your bookings' })).toBeVisible();
  }
  expect(documents).not.toContain('/club/dashboard');
  expect(documents.filter((path) => path === '/')).toHaveLength(3);
});

test('an agent opening /users gets the forbidden message and goes back', async ({ page }) => {
  await login(page, DEMO.agent, '/users');
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/users/);
});

for (const [who, user, loginPath] of [
  ['an agent', DEMO.agent, '/login'],
  ['a customer', DEMO.customer, '/club/login'],
] as const) {
  test(`no menu entry leads ${who} to a refusal`, async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403 && response.url().includes('/api/')) refused.push(response.url());
    });
    await login(page, user, loginPath);
    const links = menu(page).getByRole('link');
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs).not.toContain('/mail');
    expect(hrefs).not.toContain('/media/list');
    for (const href of hrefs) {
      await menu(page).locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      await expect(page.getByText('You may not open this page.')).toHaveCount(0);
    }
    expect(refused).toEqual([]);
  });
}

test('an agent typing the mailbox address sees the forbidden message and goes back', async ({ page }) => {
  await login(page, DEMO.agent);
  await menu(page).locator('a[href="/booking/list"]').click();
  await expect(page).toHaveURL(/\/booking\/list$/);
  // The list has rendered, so the guard has recorded it as the page to go back to.
  await expect(page.getByRole('heading', { name: 'Bookings' })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/mail');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('You may not open this page.')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/list\?t=\d+$/);
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await login(page, DEMO.staff, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});

test('a route without its screen yet says so, still guarded', async ({ page, request }) => {
  // The customer relations of the customerRelation feature have no screen yet.
  const admin = await apiAs(request, DEMO.admin);
  await admin.post('/api/settings/group/features', { customerRelation: true }, 200);
  try {
    await login(page, DEMO.admin, '/customer/relation');
    await expect(page.getByText('Not yet available')).toBeVisible();
    await expectAccessible(page);
  } finally {
    await admin.post('/api/settings/group/features', { customerRelation: false }, 200);
  }
});

test('the notifications page lists the events the home card shortens', async ({ page }) => {
  await login(page, DEMO.staff, '/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  // The installation's welcome event, or the empty state: never "not yet available".
  await expect(
    page.getByRole('listitem').or(page.getByText('No notifications in the last 30 days.')).first(),
  ).toBeVisible();
  await expect(page.getByText('Not yet available')).toHaveCount(0);
  // Online, with the service worker refused (these journeys block it): no "no connection" message.
  await expect(page.getByText('No connection to the server. Working offline.')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'notifications');
});

test("the bank pages' parent opens their list", async ({ page }) => {
  await login(page, DEMO.admin, '/bank');
  await expect(page).toHaveURL(/\/bank\/list$/);
  await expect(page.getByText('Not yet available')).toHaveCount(0);
});

test('logout returns to the login page and the token stops working', async ({ page }) => {
  await login(page, DEMO.staff);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/booking/list');
  await expect(page).toHaveURL(/\/login/);
});
