import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Cookie, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'demo-admin' },
  staff: { email: 'staff@example.com', password: 'demo-staff' },
  agent: { email: 'agent@example.com', password: 'demo-agent' },
  customer: { email: 'customer@example.com', password: 'demo-customer' },
} as const;

/** The cookies that carry a session: the server's (httpOnly) and the app's copy of the token. */
const SESSION_COOKIES = ['atoll_token', 'atoll_session'];
/** Per user, the session cookies of the last login through the form in this worker. */
const sessions = new Map<string, Cookie[]>();

/**
 * Logs in through the login form, as a person would, and opens `path`: a login page (then the user lands where the
 * app sends them) or a page behind the login. A user who has logged in through the form before in this worker comes
 * back with that session instead (its cookies, while the server still accepts the token), as a person who stayed
 * logged in would, and opens the page at once. The first login of each user goes through the form, on the login
 * page that returns to `path`; the journeys about the login itself (guard, password reset) fill it themselves.
 */
export async function login(page: Page, who: { email: string; password: string }, path = '/login') {
  // The club's login (customers) is a login of its own.
  const loginPath = path.startsWith('/club/') ? '/club/login' : '/login';
  const key = `${who.email} ${loginPath}`;
  const atLogin = path.split('?', 1)[0] === loginPath;
  if (await resume(page, key)) {
    // A logged-in user is sent on from a login page (spec platform §4), and a page behind the login opens at once.
    await page.goto(path);
    if (atLogin) await expect(page).not.toHaveURL(/\/login/);
    return;
  }
  await page.goto(atLogin ? path : `${loginPath}?returnTo=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(who.email);
  await page.getByRole('textbox', { name: /passwor/i }).fill(who.password);
  await page.getByRole('button', { name: /^(log in|anmelden)$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.waitForLoadState();
  const cookies = (await page.context().cookies()).filter((c) => SESSION_COOKIES.includes(c.name));
  if (cookies.length === SESSION_COOKIES.length) sessions.set(key, cookies);
}

/** Puts the user's earlier session into the page's fresh context; false when there is none the server accepts. */
async function resume(page: Page, key: string): Promise<boolean> {
  const saved = sessions.get(key);
  const context = page.context();
  if (!saved || (await context.cookies()).some((c) => SESSION_COOKIES.includes(c.name))) return false;
  await context.addCookies(saved);
  if ((await page.request.head('/api/auth/token')).status() === 200) return true;
  // Logged out, or the user's sessions were ended (a password or permission change): the form again.
  sessions.delete(key);
  for (const name of SESSION_COOKIES) await context.clearCookies({ name });
  return false;
}

/**
 * The axe rules that can only ever report a minor or moderate violation: axe gives each rule one impact, and every
 * violation of the rule has it. Read from the axe-core that @axe-core/playwright injects.
 */
const MINOR_RULES = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    _audit: { rules: { id: string; impact?: string }[] };
  }
)._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
  .map((rule) => rule.id);

/**
 * No serious or critical accessibility violation on the page as it is now. The rules that cannot report one are not
 * run: their findings were never part of the check, and they cost time on every page.
 *
 * axe runs in the page itself and reaches the page's frames of the same origin. Only a page that frames another
 * origin (a shop page with the booking widget) needs the builder's default way: a run per frame and a blank page
 * that joins their results, which takes 2–3 s longer on every check.
 */
export async function expectAccessible(page: Page) {
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((frame) => {
    const url = frame.url();
    return url.startsWith('http') && new URL(url).origin !== origin;
  });
  const results = await new AxeBuilder({ page })
    .disableRules(MINOR_RULES)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(!crossOrigin)
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Screenshots at desktop and phone width, kept as test artefacts to look at. */
export async function screenshots(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [label, width] of [
    ['1280', 1280],
    ['375', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await settled(page);
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * The words on the page that their box cuts off: an element with text of its own that is wider than its box, whose
 * overflow is hidden (Mantine cuts a button's or badge's label so). A person sees "Neue Laufkundsc" or "CAN…".
 * Inputs are left out (their text scrolls), and so are texts hidden for screen readers only (a box of 1 px).
 */
export async function cutTexts(page: Page): Promise<string[]> {
  await settled(page);
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        if (
          el.matches('input, textarea, select') ||
          el.clientWidth <= 1 ||
          el.scrollWidth <= el.clientWidth + 1
        )
          return false;
        const style = getComputedStyle(el);
        const ownText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
        );
        return ownText && style.overflowX !== 'visible' && style.visibility !== 'hidden';
      })
      .map((el) => el.innerText.trim()),
  );
}

/**
 * Waits until the page has drawn two frames: after a resize, the resize event and the re-render it causes (Mantine's
 * media queries) are then on screen, which a fixed pause only hoped for.
 */
async function settled(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Types into a list's search box and waits until the list shows the answer to it: the search is in
 * the URL (after the box's debounce) and no table is still fetching. Before that the table holds a
 * loading row or the rows of the previous query, which a row count would mistake for the result.
 */
export async function searchList(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text.trim());
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
}
