import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, login, screenshots, searchList } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

test('staff creates a room with beds, blocks it for maintenance and changes its housekeeping state', async ({
  page,
  request,
}) => {
  // Create, block and list: a long journey on a busy machine.
  test.setTimeout(90_000);
  const stamp = Date.now();
  // Setup through the API: a resort of its own and a room type of it, so the pickers hold known names.
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const resortRes = await request.post('/api/resort', { headers, data: { name: `Coral Bay ${stamp}` } });
  expect(resortRes.status(), await resortRes.text()).toBe(201);
  const resort = await resortRes.json();
  const typeRes = await request.post('/api/roomtypes', {
    headers,
    data: { name: `Garden Bungalow ${stamp}`, resortId: resort.id },
  });
  expect(typeRes.status(), await typeRes.text()).toBe(201);

  await login(page, DEMO.staff, '/room/list');
  await expect(page.getByRole('heading', { name: 'Rooms and cabins' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'New room' }).click();
  await expect(page).toHaveURL(/\/room\/create$/);

  const name = `Bungalow ${stamp % 100_000}`;
  await page.getByRole('textbox', { name: /^name/i }).fill(name);
  await page.getByRole('combobox', { name: /^resort/i }).click();
  await page.getByRole('option', { name: resort.name }).click();
  await page.getByRole('combobox', { name: 'Room type' }).click();
  await page.getByRole('option', { name: `Garden Bungalow ${stamp}` }).click();
  await page.getByRole('textbox', { name: 'Maximum pax' }).fill('3');
  await page.getByRole('checkbox', { name: 'Sea view' }).check();
  // Two beds; the second for children up to 12.
  await page.getByRole('button', { name: 'Add bed' }).click();
  await page.getByRole('button', { name: 'Add bed' }).click();
  await page.getByRole('textbox', { name: 'Maximum age' }).nth(1).fill('12');
  await expect(page.getByText('2 of 2 beds active')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page).toHaveURL(/\/room\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const roomId = Number(page.url().split('/').pop());
  await expect(page.getByRole('textbox', { name: /^bed id/i })).toHaveCount(2);

  // A maintenance block over [1 Mar, 5 Mar) appears in the room's block list.
  await expect(page.getByText('No current or future blocks.')).toBeVisible();
  await page.getByRole('textbox', { name: /^from/i }).fill('2031-03-01');
  await page.getByRole('textbox', { name: /^until/i }).fill('2031-03-05');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Roof repair');
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByText('Block added.')).toBeVisible();
  const blocks = page.getByRole('table', { name: 'Blocks' });
  await expect(blocks.getByRole('row').filter({ hasText: 'Roof repair' })).toContainText('Maintenance');
  await expect(blocks).toContainText('2031-03-01');
  await expectAccessible(page);
  await screenshots(page, 'room-edit');

  // From the list, the housekeeping state changes in one click.
  await page.goto('/room/list');
  await searchList(page, name);
  const row = page.locator('table[aria-label="Rooms and cabins"] tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1 block');
  await expect(row).toContainText('Clean');
  await row.getByRole('button', { name: `Change the housekeeping state of ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Dirty' }).click();
  await expect(row).toContainText('Dirty');
  await expectAccessible(page);
  await screenshots(page, 'room-list');

  const saved = await (await request.get(`/api/rooms/${roomId}`, { headers })).json();
  expect(saved).toMatchObject({
    housekeeping: 'dirty',
    availableBeds: 2,
    roomTypeId: (await typeRes.json()).id,
    configuration: { maxNoOfPax: 3, seaview: true },
  });
  expect(saved.configuration.beds.map((b: { maxAge: number | null }) => b.maxAge)).toEqual([null, 12]);
  expect(saved.blocked).toMatchObject([{ kind: 'Maintanance', from: '2031-03-01', to: '2031-03-05' }]);
});
