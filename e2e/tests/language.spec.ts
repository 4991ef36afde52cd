import { expect, test } from '@playwright/test';
import { apiAs } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('the language switch changes the screen and persists across a reload', async ({ page, context }) => {
  await login(page, DEMO.staff);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.locator('a[href="/booking/list"]')).toContainText('Booking');
  await page.getByText('DE', { exact: true }).click();
  const navDe = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(navDe.locator('a[href="/booking/list"]')).toContainText('Buchung');
  await page.reload();
  await expect(navDe.locator('a[href="/booking/list"]')).toContainText('Buchung');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('de');
  // 14 days (spec platform §9), give or take the seconds the test took.
  expect(Math.round(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(14);
  await expectAccessible(page);
});

test('a German browser gets the German login page', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await context.close();
});

test('the login (the light entry) switches its language, which the back office then keeps', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to Atoll' })).toBeVisible();
  await page.getByText('DE', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bei Atoll anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('de');
  await page.getByRole('textbox', { name: 'E-Mail' }).fill(DEMO.staff.email);
  await page.getByRole('textbox', { name: 'Passwort' }).fill('not the password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Passwort' }).fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
});

test('the login paints its title and intro from the HTML, in the browser’s language, before any script', async ({
  browser,
}) => {
  // public.html's login shell: the same inline script as the booking pages', allowed by its hash (CSP).
  for (const [locale, title, intro] of [
    ['en-GB', 'Log in to Atoll', 'Sign in with your e-mail address and password.'],
    ['de-DE', 'Bei Atoll anmelden', 'Melden Sie sich mit E-Mail-Adresse und Passwort an.'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED'))
        errors.push(message.text());
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(intro)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
    // Any other back-office path shows no shell.
    await page.goto('/booking/list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    expect(errors).toEqual([]);
    // With its scripts, the real form replaces the shell.
    await page.unroute('**/assets/*.js');
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await context.close();
  }
});

test('the light login shows the operator’s own texts, in each language', async ({ page, request }) => {
  const admin = await apiAs(request, DEMO.admin);
  const texts = [
    await admin.post('/api/translation', {
      key: 'auth.login.clubIntro',
      lang: 'en',
      value: 'Welcome aboard, diver.',
    }),
    await admin.post('/api/translation', {
      key: 'auth.login.clubIntro',
      lang: 'de',
      value: 'Willkommen an Bord.',
    }),
  ];
  try {
    await page.goto('/club/login');
    await expect(page.getByText('Welcome aboard, diver.')).toBeVisible();
    await page.getByText('DE', { exact: true }).click();
    await expect(page.getByText('Willkommen an Bord.')).toBeVisible();
  } finally {
    for (const text of texts) await admin.del(`/api/translation/${text.id}`);
  }
});
