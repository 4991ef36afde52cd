import { GUIDE_ROLES } from '@atoll/domain/dive';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TSessionUser } from '../../modules/auth/auth.service.ts';
import { createDiveRepository } from '../../modules/dive/dive.repository.ts';
import type { TDivePlanService } from '../../modules/dive/dive-plan.service.ts';
import type { Db } from '../client.ts';
import { dayGuests, diveBoats, divePlans, diveSites, diveTypes, employees, products } from '../schema.ts';
import { isoOf } from './season-tools.ts';

// The dive deck's last week in the demo season (docs/domain/dive-day.md): each day a morning trip at the resort on the big
// boat with two guides and an afternoon trip with one, divers from the resort's guests in house (and a walk-in
// every other day); the days before today logged (so the dives are on the guests' bills and the walk-ins' tabs),
// today's trips planned. Deterministic: the first guests of each day by name, sites in turn.

const repository = createDiveRepository();
const MORNING = 6;
const AFTERNOON = 3;

export async function seedDiveWeek(
  deps: { db: Db; divePlans: TDivePlanService },
  admin: TSessionUser,
  day0: number,
) {
  const { db, divePlans: plans } = deps;
  const boats = await db.select().from(diveBoats).orderBy(asc(diveBoats.id));
  const sites = await db.select().from(diveSites).orderBy(asc(diveSites.id));
  const guides = await db
    .select()
    .from(employees)
    .where(inArray(employees.role, [...GUIDE_ROLES]))
    .orderBy(asc(employees.id));
  const [boatType] = await db.select().from(diveTypes).where(eq(diveTypes.kind, 'boat'));
  const [big, small] = boats;
  if (!big || !small || !boatType || !guides.length || !sites.length) return;
  // What a boat dive charges: the catalogue's guided boat dive.
  const [dive] = await db.select().from(products).where(eq(products.name, 'Guided boat dive'));
  if (dive) await db.update(diveTypes).set({ productId: dive.id }).where(eq(diveTypes.id, boatType.id));

  for (let offset = -6; offset <= 0; offset++) {
    const date = isoOf(day0 + offset);
    if (offset % 2 === 0)
      await db.insert(dayGuests).values({
        date,
        name: `Walk-in diver ${-offset / 2 + 1}`,
        nationality: 'PH',
        certAgency: 'PADI',
        certLevel: 'PADI Open Water Diver',
        loggedDives: 25,
        medicalDate: isoOf(day0 - 60),
        insurance: 'DAN Asia-Pacific',
      });
    const none = { rentalGear: null, tankSize: null, airMix: null };
    const walkIns = await repository.dayGuestsOn(db, date);
    const house = (await repository.inHouse(db, date)).filter((h) => h.resortId === big.resortId);
    const divers = [
      ...walkIns.map((g) => ({ customerId: null, dayGuestId: g.id, bookingId: null, ...none })),
      ...house
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((h) => ({ customerId: h.customerId, dayGuestId: null, bookingId: h.bookingId, ...none })),
    ];
    if (!divers.length) continue;
    const trip = (time: string, boatId: number, n: number, guideIds: number[], site: number) => ({
      date,
      time,
      boatId,
      siteId: sites[site % sites.length]?.id ?? null,
      typeId: boatType.id,
      resortId: big.resortId,
      guideIds,
      divers: divers.slice(0, n),
    });
    const rows = await db
      .insert(divePlans)
      .values([
        trip(
          '08:30',
          big.id,
          MORNING,
          guides.slice(0, 2).map((g) => g.id),
          offset + 6,
        ),
        trip(
          '14:00',
          small.id,
          AFTERNOON,
          guides.slice(0, 1).map((g) => g.id),
          offset + 7,
        ),
      ])
      .returning({ id: divePlans.id });
    if (offset < 0) for (const row of rows) await plans.log(admin, row.id);
  }
}
