import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'demo-admin' },
  staff: { email: 'staff@example.com', password: 'demo-staff' },
  agent: { email: 'agent@example.com', password: 'demo-agent' },
  customer: { email: 'customer@example.com', password: 'demo-customer' },
} as const;

/** Logs in through the login form, as a person would. */
export async function login(page: Page, who: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(who.email);
  await page.getByRole('textbox', { name: /passwor/i }).fill(who.password);
  await page.getByRole('button', { name: /^(log in|anmelden)$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
