import { expect, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const OVERBOOKING = 'Overbooking: the room was booked past a block or hold';

test('staff sees the todo a forced overbooking raised, on /todo and on the booking, and solves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resort = (await (await request.get('/api/resort?search=Coral%20Garden%20Resort', { headers })).json())
    .data[0].id as number;
  const rooms = (
    await (
      await request.get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId: resort })}`, { headers })
    ).json()
  ).data as { id: number }[];
  const roomId = rooms[rooms.length - 1]?.id;
  const blocked = await request.post('/api/rooms/addBlocker', {
    headers,
    data: {
      roomIds: [roomId],
      kind: 'Maintanance',
      from: dayFromToday(201),
      to: dayFromToday(202),
      reason: 'Paint',
    },
  });
  expect(blocked.status(), await blocked.text()).toBe(201);
  const res = await request.post('/api/bookings', {
    headers,
    data: {
      state: 'confirmed',
      force: true,
      language: 'en',
      rooms: [{ roomId, from: dayFromToday(200), to: dayFromToday(204), guests: [{ gender: 'f', age: 40 }] }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: number; bookingNo: string; hasOpenTodos: boolean };
  expect(booking.hasOpenTodos).toBe(true);

  await login(page, DEMO.staff, '/todo');
  await expect(page.getByRole('heading', { name: 'To-dos', level: 2 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: booking.bookingNo });
  await expect(row).toContainText(OVERBOOKING);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Definitions' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'No show' })).toContainText('System');
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Open todos' }).click();

  await page.getByRole('link', { name: booking.bookingNo }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${booking.id}$`));
  const card = page.getByRole('table', { name: 'Todos' });
  await expect(card).toContainText(OVERBOOKING);
  await card.getByRole('button', { name: `Solve: ${OVERBOOKING}` }).click();
  await expect(page.getByText('Todo solved.')).toBeVisible();
  await expect(card.getByText('Solved')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/todo');
  await expect(page.getByRole('table', { name: 'Open' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: booking.bookingNo })).toHaveCount(0);
  // Mantine draws the segments as labels over hidden radios.
  await page.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: booking.bookingNo })).toContainText('Solved');
});
