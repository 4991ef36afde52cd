import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

// The other journeys block the service worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

test('the back office opens from its service worker without the network, says the server is missing, and heals', async ({
  page,
  context,
}) => {
  await login(page, DEMO.staff, '/booking/list');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  // The first visit installs the worker with the app's files.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Going offline on an open page: one message however often the browser says so, gone once it is back.
  const message = page.getByText('No connection to the server. Working offline.');
  await context.setOffline(true);
  await expect(message).toHaveCount(1);
  await context.setOffline(false);
  await expect(message).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The page comes from the worker; without the server it cannot know the user's routes, and says so.
  const alert = page.getByRole('alert', { name: 'No connection to the server' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('loads by itself once it is back');
  await expect(page.getByText('Not yet available')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'offline');

  // "Try again" while still offline keeps the message.
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeVisible();

  // The network comes back: the list opens without a click.
  await context.setOffline(false);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
