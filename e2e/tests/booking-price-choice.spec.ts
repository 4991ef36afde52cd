import { expect, test } from '@playwright/test';
import { dayFromToday } from './support/booking-api.ts';
import { DEMO, expectAccessible, login } from './support/helpers.ts';

test.use({ locale: 'en-GB' });

const RESORT = 'Coral Garden Resort';
const ROOM_TYPE = 'Garden Room';
const AGENCY = 'Blue Reef Travel';

test('staff pins a price and lets the engine choose again on the calculation card', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = (await (await request.post('/api/auth/token', { data: DEMO.staff })).json()).token;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const filter = (f: object) => encodeURIComponent(JSON.stringify(f));
  const resortId = (await get(`/api/resort?search=${encodeURIComponent(RESORT)}`)).data[0].id as number;
  const roomTypeId = (await get(`/api/roomtypes?size=0&filter=${filter({ resortId })}`)).data.find(
    (t: { name: string }) => t.name === ROOM_TYPE,
  ).id as number;
  const rooms = (await get(`/api/rooms?size=0&sort=id&filter=${filter({ resortId, roomTypeId })}`)).data;
  const prices = (
    await get(`/api/price?size=0&sort=validFrom&filter=${filter({ resortId, status: 'confirmed' })}`)
  ).data as { id: number; name: string }[];
  expect(prices.length).toBeGreaterThan(0);
  const agencyId = (await get(`/api/agencies?search=${encodeURIComponent(AGENCY)}`)).data[0].id as number;
  const created = await request.post('/api/bookings', {
    headers,
    data: {
      state: 'draft',
      language: 'en',
      agencyId,
      rooms: [
        {
          roomId: rooms.at(-1).id,
          from: dayFromToday(150),
          to: dayFromToday(153),
          guests: [{ name: 'Price Pin', gender: 'f', age: 40 }],
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: number };
  const stored = async () => (await get(`/api/bookings/${booking.id}`)) as { priceId: number | null };

  await login(page, DEMO.staff, `/booking/${booking.id}`);
  const price = page.getByRole('combobox', { name: 'Price', exact: true });
  await expect(price).toHaveValue('Chosen by the engine');
  await expect(page.getByRole('combobox', { name: 'Commission', exact: true })).toHaveValue(
    'Chosen by the engine',
  );
  await expectAccessible(page);

  const chosen = prices.at(-1) as { id: number; name: string };
  await price.click();
  await page.getByRole('option', { name: new RegExp(`^${chosen.name} \\(`) }).click();
  await expect(price).toHaveValue(new RegExp(`^${chosen.name} \\(`));
  await expect.poll(async () => (await stored()).priceId).toBe(chosen.id);

  await price.click();
  await page.getByRole('option', { name: 'Chosen by the engine' }).click();
  await expect(price).toHaveValue('Chosen by the engine');
  await expect.poll(async () => (await stored()).priceId).toBeNull();
});
