import type { TLanguage } from '@atoll/domain/constants';
import { GUIDE_ROLES } from '@atoll/domain/dive';
import {
  type TCreateDivePlan,
  type TDivePlan,
  type TPlannedDiver,
  type TTripDiver,
  type TTripProblem,
  type TTripRequirements,
  ZTripRequirements,
} from '@atoll/domain/dive/plan';
import { readiness, tripProblems } from '@atoll/domain/dive/readiness';
import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { divePlans, diveTypes } from '../../db/schema.ts';
import { loadLetterhead, renderPdf } from '../../documents/pdf.tsx';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import { createOnsiteFlow } from '../onsite/onsite.flow.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TDivePlanRow, TDiveRepository, TNamedFacts } from './dive.repository.ts';
import { BoatList, type TBoatListTrip } from './dive-boat-list.tsx';
import { chargeDives, type TDiveChargeResult } from './dive-charges.ts';

// The trips of a day's dive plan (docs/domain/dive-day.md): who is on board and ready, the capacity
// checks of every write, the boat list and the dives a trip leaves in the log.

type TDeps = { db: Db; repository: TDiveRepository; settings: TSettingsService };
type TFacts = { customers: Map<number, TNamedFacts>; guests: Map<number, TNamedFacts> };

const diverKey = (d: Pick<TTripDiver, 'customerId' | 'dayGuestId'>) =>
  d.customerId !== null ? `c${d.customerId}` : `g${d.dayGuestId}`;

export function createDivePlanService({ db, repository, settings }: TDeps) {
  const onsite = createOnsiteFlow({ db });
  async function factsOf(ex: Executor, divers: TTripDiver[]): Promise<TFacts> {
    const customerIds = [...new Set(divers.flatMap((d) => (d.customerId === null ? [] : [d.customerId])))];
    const guestIds = [...new Set(divers.flatMap((d) => (d.dayGuestId === null ? [] : [d.dayGuestId])))];
    return {
      customers: await repository.customerFacts(ex, customerIds),
      guests: await repository.dayGuestFacts(ex, guestIds),
    };
  }

  function planned(diver: TTripDiver, facts: TFacts, req: TTripRequirements, day: string): TPlannedDiver {
    const known =
      diver.customerId !== null
        ? facts.customers.get(diver.customerId)
        : facts.guests.get(diver.dayGuestId ?? 0);
    if (!known) throw badRequest('Unknown diver', 'divers');
    return { ...diver, name: known.name, readiness: readiness(known.facts, req, day) };
  }

  /** The capacity problems of a trip, from its boat and guides. */
  async function capacity(
    ex: Executor,
    plan: Pick<TDivePlanRow, 'boatId' | 'guideIds' | 'maxPerGuide'>,
    divers: number,
  ) {
    const boat = await repository.boat(ex, plan.boatId);
    const guides = (plan.guideIds as number[]).length;
    const load = { divers, guides, boatCapacity: boat?.diverCapacity ?? null, maxPerGuide: plan.maxPerGuide };
    return tripProblems(load) as TTripProblem[];
  }

  async function toPlan(ex: Executor, row: TDivePlanRow, facts?: TFacts): Promise<TDivePlan> {
    const divers = row.divers as TTripDiver[];
    const requirements = ZTripRequirements.parse(row.requirements);
    const known = facts ?? (await factsOf(ex, divers));
    const people = divers.map((d) => planned(d, known, requirements, row.date));
    const problems = await capacity(ex, row, divers.length);
    if (people.some((p) => !p.readiness.ready)) problems.push('notReady');
    return {
      ...row,
      guideIds: row.guideIds as number[],
      divers: people,
      requirements,
      loggedAt: row.loggedAt?.toISOString() ?? null,
      problems,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    /** The answer rows of the generic calls (list, get, create, update). */
    async expand(rows: TDivePlanRow[]): Promise<TDivePlan[]> {
      const facts = await factsOf(
        db,
        rows.flatMap((r) => r.divers as TTripDiver[]),
      );
      return Promise.all(rows.map((row) => toPlan(db, row, facts)));
    },

    /**
     * Column values of a create or update: divers known and once per trip, guides who guide, the boat's
     * seats and the guide ratio kept (409 BOAT_FULL, GUIDE_RATIO); a logged trip no longer changes.
     */
    async values(tx: Tx, input: Partial<TCreateDivePlan>, existing?: TDivePlanRow) {
      if (existing?.loggedAt)
        throw new AppError(409, 'INVALID_STATE', 'The trip is in the log: it no longer changes');
      const merged = { ...existing, ...input } as TDivePlanRow;
      const divers = (merged.divers ?? []) as TTripDiver[];
      const keys = new Set(divers.map(diverKey));
      if (keys.size !== divers.length) throw badRequest('A diver is on the trip twice', 'divers');
      const facts = await factsOf(tx, divers);
      for (const d of divers)
        planned(d, facts, ZTripRequirements.parse(merged.requirements ?? {}), merged.date);
      const guideIds = (merged.guideIds ?? []) as number[];
      const guides = await repository.guides(tx, guideIds);
      if (guides.length !== new Set(guideIds).size || guides.some((g) => !GUIDE_ROLES.includes(g.role)))
        throw badRequest('Guides are employees with the role guide or instructor', 'guideIds');
      const problems = await capacity(tx, { ...merged, maxPerGuide: merged.maxPerGuide ?? 4 }, divers.length);
      if (problems.includes('boatFull'))
        throw new AppError(409, 'BOAT_FULL', 'More divers than the boat takes');
      if (problems.includes('guideRatio'))
        throw new AppError(409, 'GUIDE_RATIO', 'More divers than the guides may lead');
      return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    },

    /** Who may be planned on a day: guests in house and that day's day guests, with their readiness. */
    async candidates(day: string) {
      const house = await repository.inHouse(db, day);
      const guests = await repository.dayGuestsOn(db, day);
      const divers: TTripDiver[] = [
        ...house.map(
          (h) => ({ customerId: h.customerId, dayGuestId: null, bookingId: h.bookingId }) as TTripDiver,
        ),
        ...guests.map((g) => ({ customerId: null, dayGuestId: g.id, bookingId: null }) as TTripDiver),
      ];
      const facts = await factsOf(db, divers);
      const req = ZTripRequirements.parse({});
      return divers.map((d) =>
        planned({ ...d, rentalGear: null, tankSize: null, airMix: null }, facts, req, day),
      );
    },

    /**
     * Writes a trip's dives into the log, once: each diver's next dive number of the day; the dives are
     * charged (the dive type's product) in the same transaction.
     */
    async log(user: TSessionUser, id: number): Promise<{ logged: number } & TDiveChargeResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(divePlans).where(eq(divePlans.id, id)).for('update');
        if (!row) throw notFound('Dive plan');
        if (row.loggedAt) throw new AppError(409, 'INVALID_STATE', 'The trip is already in the log');
        const divers = row.divers as TTripDiver[];
        const guideIds = row.guideIds as number[];
        if (divers.length && !guideIds.length)
          throw new AppError(409, 'GUIDE_RATIO', 'A trip with divers needs a guide before it is logged');
        const guides = await repository.guides(tx, guideIds);
        const done = await repository.divesOnDay(tx, row.date);
        const before = (d: TTripDiver) =>
          done.find((x) => x.customerId === d.customerId && x.dayGuestId === d.dayGuestId)?.n ?? 0;
        const inserted = await repository.insertLogs(
          tx,
          divers.map((d) => ({
            date: row.date,
            start: row.time,
            typeId: row.typeId,
            customerId: d.customerId,
            dayGuestId: d.dayGuestId,
            bookingId: d.bookingId,
            boatId: row.boatId,
            siteId: row.siteId,
            sort: Math.min(20, before(d) + 1),
            crew: guides.map((g) => g.name).join(', ') || null,
            guideId: guideIds[0] ?? null,
            rentalGear: d.rentalGear,
            tankSize: d.tankSize,
            airMix: d.airMix,
            resortId: row.resortId,
            vesselId: row.vesselId,
            planId: row.id,
          })),
        );
        if (inserted.length) await repository.countGuideDives(tx, guideIds, row.date);
        await repository.markLogged(tx, row.id);
        const charges = await chargeDives(tx, user, onsite, row.typeId, inserted);
        return { logged: inserted.length, ...charges };
      });
    },

    /** The boat list of a day's trips (all, or those named) as a PDF. */
    async printBoatList(day: string, ids: number[] | undefined, lang: TLanguage) {
      const rows = await repository.plansOn(db, day, ids);
      const plans = await this.expand(rows);
      const types = await db.select().from(diveTypes);
      const trips: TBoatListTrip[] = [];
      for (const plan of plans) {
        const guides = await repository.guides(db, plan.guideIds);
        trips.push({
          plan,
          boat: (await repository.boat(db, plan.boatId))?.name ?? null,
          site: (await repository.site(db, plan.siteId))?.name ?? null,
          type: types.find((t) => t.id === plan.typeId)?.name ?? null,
          guides: guides.map((g) => g.name),
        });
      }
      const company = await loadLetterhead(db, settings);
      const pdf = await renderPdf(createElement(BoatList, { day, trips, company, lang }));
      return { pdf, filename: `boat-list-${day}.pdf` };
    },
  };
}
export type TDivePlanService = ReturnType<typeof createDivePlanService>;
