import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expectAccessible, login, screenshots } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';

/** A small photo of a room, made on the fly. */
const roomPhoto = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
        <rect width="900" height="600" fill="#f1e3c8"/><rect x="120" y="300" width="660" height="200" fill="#4c6ef5"/>
      </svg>`,
    ),
  )
    .jpeg()
    .toBuffer();

test('staff creates a room type and a room with an image, blocks it, and the block shows in the availability', async ({
  page,
  request,
}) => {
  // Three screens and an upload on a busy machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const resorts = await (
    await request.get(`/api/resort?search=${encodeURIComponent(RESORT)}`, { headers })
  ).json();
  const resortId = resorts.data[0].id as number;

  await login(page, DEMO.staff);

  // 1. A room type of the demo resort.
  const typeName = `Lagoon Villa ${stamp}`;
  await page.goto('/room/type/list');
  await expect(page.getByRole('heading', { name: 'Cabin and room types' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('main').getByRole('button', { name: 'New' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: /^name/i }).fill(typeName);
  await drawer.getByRole('combobox', { name: 'Resort' }).click();
  await page.getByRole('option', { name: RESORT }).click();
  await drawer.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await page.keyboard.press('Escape');

  // 2. A room of that type with a photo uploaded through the image picker.
  const roomName = `Villa ${stamp % 100_000}`;
  await page.goto('/room/create');
  await page.getByRole('textbox', { name: /^name/i }).fill(roomName);
  await page.getByRole('combobox', { name: /^resort/i }).click();
  await page.getByRole('option', { name: RESORT }).click();
  await page.getByRole('combobox', { name: 'Room type' }).click();
  await page.getByRole('option', { name: typeName }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'villa.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto() });
  await expect(page.getByRole('img', { name: /villa/i }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  await expect(page).toHaveURL(/\/room\/\d+$/);
  const roomId = Number(page.url().split('/').pop());

  // 3. A maintenance block over [1 Mar, 5 Mar).
  await page.getByRole('textbox', { name: /^from/i }).fill('2031-03-01');
  await page.getByRole('textbox', { name: /^until/i }).fill('2031-03-05');
  await page.getByRole('textbox', { name: 'Reason' }).fill('New floor');
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByText('Block added.')).toBeVisible();

  // 4. The availability answer and the resort's availability grid show it.
  const answer = await (
    await request.get(`/api/rooms/available/${resortId}?from=2031-02-27&to=2031-03-07`, { headers })
  ).json();
  const room = answer.rooms.find((r: { id: number }) => r.id === roomId);
  expect(room).toMatchObject({
    free: false,
    freeBeds: 0,
    blocks: [{ kind: 'Maintanance', reason: 'New floor' }],
  });
  const type = answer.roomTypes.find((t: { name: string }) => t.name === typeName);
  expect(type).toMatchObject({ rooms: 1, free: [1, 1, 0, 0, 0, 0, 1, 1], freeForStay: 0 });

  await page.goto(`/resort/${resortId}`);
  const grid = page.getByRole('table', { name: 'Availability' });
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2031-02-27');
  await page.getByRole('textbox', { name: 'To (departure day)' }).fill('2031-03-07');
  const row = grid.getByRole('row').filter({ hasText: roomName });
  await expect(row.getByRole('cell', { name: 'Maintenance: New floor' })).toHaveCount(4);
  await expect(row.getByRole('cell', { name: 'free' })).toHaveCount(4);
  await expectAccessible(page);
  await screenshots(page, 'resort-availability');

  const saved = await (await request.get(`/api/rooms/${roomId}`, { headers })).json();
  expect(saved.images).toHaveLength(1);
  const image = await request.get(`/api/media/${saved.images[0]}/data`);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);
});
