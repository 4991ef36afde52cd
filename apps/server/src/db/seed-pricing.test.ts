// The demo price seed loads with the demo and prices the next twelve months of both demo assets.
import { ZPeriod, ZSpecialRule } from '@atoll/domain/pricing/entities';
import { rulesProblem, settingsProblem } from '@atoll/domain/pricing/special-rules';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import {
  paymentTerms,
  priceEntries,
  prices,
  resorts,
  roomTypes,
  schedules,
  specials,
  supplements,
  vessels,
} from './schema.ts';
import { seedDemo } from './seed.ts';
import { easter } from './seed-seasons.ts';

let database: Database;
let resortId: number;
let vesselId: number;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const today = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  const [r] = await database.db.select().from(resorts).where(eq(resorts.name, 'Coral Garden Resort'));
  const [v] = await database.db.select().from(vessels).where(eq(vessels.name, 'MV Atoll Explorer'));
  resortId = r?.id ?? 0;
  vesselId = v?.id ?? 0;
});
afterAll(() => database?.close());

type TPriceRow = typeof prices.$inferSelect;
const covers = (price: TPriceRow, day: string) => {
  if (day < price.validFrom || day > price.validTo) return false;
  const periods = z.array(ZPeriod).parse(price.periods);
  return periods.length === 0 || periods.some((p) => p.from <= day && day <= p.to);
};
const confirmedSeasons = (asset: 'resortId' | 'vesselId', id: number) =>
  database.db
    .select()
    .from(prices)
    .where(and(eq(prices[asset], id), eq(prices.status, 'confirmed'), eq(prices.type, 'Season')));

describe('demo price seed', () => {
  it('prices every night of the next 12 months at the resort, each season for all room types', async () => {
    const seasons = await confirmedSeasons('resortId', resortId);
    for (let i = 0; i <= 365; i++) {
      const day = iso(addDays(today, i));
      expect(
        seasons.some((p) => covers(p, day)),
        day,
      ).toBe(true);
    }
    const types = await database.db.select().from(roomTypes).where(eq(roomTypes.resortId, resortId));
    for (const season of seasons) {
      const entries = await database.db
        .select()
        .from(priceEntries)
        .where(eq(priceEntries.priceId, season.id));
      // 4 room types × double use, single use and child.
      expect(entries, season.name).toHaveLength(types.length * 3);
      expect(new Set(entries.map((e) => e.variantId))).toEqual(new Set(season.variants));
      expect(season).toMatchObject({ calculationType: 'unit', tax: { status: 'aborted', value: '7' } });
    }
    const peaks = seasons.filter((s) => z.array(ZPeriod).parse(s.periods).length === 2);
    expect(peaks.length).toBe(3);
  });

  it('prices every departure of the next 12 months on the vessel per person, and offers a full charter', async () => {
    const seasons = await confirmedSeasons('vesselId', vesselId);
    const departures = await database.db
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.vesselId, vesselId),
          gte(schedules.from, iso(today)),
          lte(schedules.from, iso(addDays(today, 365))),
        ),
      );
    expect(departures.length).toBeGreaterThan(40);
    for (const departure of departures) {
      const season = seasons.find((p) => covers(p, departure.from));
      expect(season, departure.from).toBeDefined();
      expect(season?.calculationType).toBe('complete');
    }
    const cabinTypes = await database.db.select().from(roomTypes).where(eq(roomTypes.vesselId, vesselId));
    const [season] = seasons;
    const entries = await database.db
      .select()
      .from(priceEntries)
      .where(eq(priceEntries.priceId, season?.id ?? 0));
    const berthVariant = season?.variants[0];
    const berths = entries.filter((e) => e.variantId === berthVariant);
    expect(new Set(berths.map((e) => e.roomTypeId))).toEqual(new Set(cabinTypes.map((t) => t.id)));
    const charter = await database.db
      .select()
      .from(prices)
      .where(and(eq(prices.vesselId, vesselId), eq(prices.type, 'FullCharter')));
    expect(charter).toHaveLength(1);
    expect(charter[0] && covers(charter[0], departures[0]?.from ?? '')).toBe(true);
  });

  it('attaches park fee and nitrox to every season, a single supplement only where no single variant is priced', async () => {
    const seasons = [
      ...(await confirmedSeasons('resortId', resortId)),
      ...(await confirmedSeasons('vesselId', vesselId)),
    ];
    for (const season of seasons) {
      const rows = await database.db.select().from(supplements).where(eq(supplements.priceId, season.id));
      expect(rows.find((s) => s.name === 'Marine park fee')).toMatchObject({
        chargingBase: 'PerDiveDay',
        customerType: 'OnSite',
        mandatory: true,
      });
      expect(rows.find((s) => s.name === 'Nitrox')).toMatchObject({
        chargingBase: 'PerDiveDay',
        mandatory: false,
      });
      const entries = await database.db
        .select()
        .from(priceEntries)
        .where(eq(priceEntries.priceId, season.id));
      for (const single of rows.filter((s) => s.singleUse)) {
        const singleVariant = season.variants[1];
        const priced = entries.filter((e) => e.variantId === singleVariant).map((e) => e.roomTypeId);
        for (const roomTypeId of single.roomTypeIds) expect(priced).not.toContain(roomTypeId);
      }
    }
  });

  it('writes specials that pass the API checks, and one default terms row with sorted tiers', async () => {
    const rows = await database.db.select().from(specials);
    expect(rows.map((s) => s.name).sort()).toEqual([
      'Blue Reef Travel commission',
      'Early bird',
      'Group free place 10+1',
      'Stay 7 pay 6',
    ]);
    for (const row of rows) {
      expect(row.status).toBe('confirmed');
      expect(rulesProblem(z.array(ZSpecialRule).parse(row.rules))).toBeUndefined();
      expect(settingsProblem(row as Parameters<typeof settingsProblem>[0])).toBeUndefined();
    }
    const terms = await database.db.select().from(paymentTerms);
    expect(terms.filter((r) => r.isDefault).map((r) => r.name)).toEqual(['Resort standard']);
    for (const row of terms) {
      const days = (row.cancellationTiers as { daysBefore: number }[]).map((tier) => tier.daysBefore);
      expect(days).toEqual([...days].sort((a, b) => b - a));
    }
  });
});

describe('easter', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter Sunday %i is %s', (year, date) => {
    expect(easter(year)).toBe(date);
  });
});
