import { DEFAULT_CURRENCY } from '@atoll/domain/constants';
import {
  closingDay,
  rankStanding,
  type TContestMetric,
  type TContestStanding,
  type TContestSubscribe,
} from '@atoll/domain/contests';
import { D, normalize } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { ratesUpTo } from '../bookings/reports/bookings-reports.repository.ts';
import { converter } from '../reports/reports.figures.ts';
import { createContestsRepository, type TContestRow } from './contests.repository.ts';

// The contests' use cases (docs/domain/contests.md): subscribing an agency and the standing. The office
// (contest.update) acts for any agency and sees every row; an agent (agencies.self) only for and of its own
// agency: agencies never see another agency's name or figures.

/** The office runs contests: writes them, subscribes any agency, reads the whole standing. */
export const CONTEST_OFFICE = ['contest.update'];
const isOffice = (user: TSessionUser) => hasScope(user.scopes, CONTEST_OFFICE);
/** An agent (agencies.self) outside the office: reads the active contests and acts for its own agency only. */
export const isContestAgent = (user: TSessionUser) =>
  hasScope(user.scopes, ['agencies.self']) && !isOffice(user);
/** The agency an agent acts for (-1: an agent without one); undefined for the office and staff. */
const ownAgency = (user: TSessionUser) => (isContestAgent(user) ? (user.agencyId ?? -1) : undefined);

/** The agency a subscribe or unsubscribe is for: the office names one, an agent only its own. */
function agencyOf(user: TSessionUser, body: TContestSubscribe): number {
  if (isOffice(user)) {
    if (body.agencyId === undefined) throw badRequest('Name the agency', 'agencyId');
    return body.agencyId;
  }
  const own = ownAgency(user);
  if (own === undefined || own === -1 || (body.agencyId !== undefined && body.agencyId !== own))
    throw forbidden();
  return own;
}

/** Each subscribed agency's figure: a count, or the revenue summed per currency and rate day, then converted. */
async function figuresOf(db: Db, contest: TContestRow) {
  const rows = await repo.figures(db, contest);
  const metric = contest.metric as TContestMetric;
  const byAgency = new Map<number, InstanceType<typeof D>>();
  const add = (agencyId: number, value: InstanceType<typeof D>) =>
    byAgency.set(agencyId, (byAgency.get(agencyId) ?? new D(0)).plus(value));
  if (metric !== 'revenue') {
    for (const r of rows) add(r.agencyId, new D(r[metric]));
    return { currency: null, figure: (agencyId: number) => (byAgency.get(agencyId) ?? new D(0)).toFixed(0) };
  }
  const { base: stored, rates } = await ratesUpTo(db, today() > contest.to ? today() : contest.to);
  const base = stored ?? DEFAULT_CURRENCY;
  const conv = converter(
    base,
    rates.map((r) => ({ ...r, rate: normalize(r.rate) })),
  );
  for (const r of rows) {
    const inBase = conv.toBase(r.revenue, r.currency, r.rateDay);
    if (inBase) add(r.agencyId, inBase);
  }
  return { currency: base, figure: (agencyId: number) => (byAgency.get(agencyId) ?? new D(0)).toFixed(2) };
}

const repo = createContestsRepository();

export function createContestsService(deps: { db: Db }) {
  const { db } = deps;

  /** The contest to subscribe to or leave: found, active, and still open (today up to its closing day). */
  async function openContest(ex: Executor, contestId: number) {
    const contest = await repo.contest(ex, contestId);
    if (!contest) throw notFound('Contest');
    if (!contest.isActive) throw conflict('The contest is not active');
    if (today() > closingDay(contest)) throw conflict('The contest takes no more subscriptions');
    return contest;
  }

  return {
    /** `POST /api/contest/subscribe`: the agency takes part (once). */
    async subscribe(user: TSessionUser, body: TContestSubscribe) {
      const agencyId = agencyOf(user, body);
      return db.transaction(async (tx) => {
        await openContest(tx, body.contestId);
        if (!(await repo.agency(tx, agencyId))) throw badRequest('The agency does not exist', 'agencyId');
        const row = await repo.subscribe(tx, { contestId: body.contestId, agencyId, userId: user.id });
        if (!row) throw conflict('The agency takes part already');
        return {
          contestId: row.contestId,
          agencyId: row.agencyId,
          subscribedAt: row.subscribedAt.toISOString(),
        };
      });
    },

    /** `POST /api/contest/unsubscribe`: the agency leaves, while the contest is open. */
    async unsubscribe(user: TSessionUser, body: TContestSubscribe) {
      const agencyId = agencyOf(user, body);
      return db.transaction(async (tx) => {
        await openContest(tx, body.contestId);
        const row = await repo.unsubscribe(tx, body.contestId, agencyId);
        if (!row) throw notFound('Subscription');
        return {
          contestId: row.contestId,
          agencyId: row.agencyId,
          subscribedAt: row.subscribedAt.toISOString(),
        };
      });
    },

    /**
     * `GET /api/contest/{id}/subscription`: the standing. The ranks are over every subscribed agency; an agent
     * gets its own row only (none when it does not take part) and how many take part.
     */
    async standing(user: TSessionUser, contestId: number): Promise<TContestStanding> {
      const contest = await repo.contest(db, contestId);
      const own = ownAgency(user);
      // Agents see active contests only (contests.routes.ts), so an inactive one is not found for them.
      if (!contest || (own !== undefined && !contest.isActive)) throw notFound('Contest');
      const subscribed = await repo.subscriptions(db, contestId);
      const figures = await figuresOf(db, contest);
      const ranked = rankStanding(
        subscribed.map((s) => ({
          agencyId: s.agencyId,
          agencyName: s.agencyName,
          figure: figures.figure(s.agencyId),
          subscribedAt: s.subscribedAt.toISOString(),
        })),
      );
      return {
        contestId,
        metric: contest.metric as TContestMetric,
        currency: figures.currency,
        participants: ranked.length,
        rows: own === undefined ? ranked : ranked.filter((r) => r.agencyId === own),
      };
    },

    /** A contest with subscriptions is not deleted (409): its standing would vanish under the agencies. */
    async assertDeletable(ex: Executor, contestId: number) {
      if ((await repo.subscriptionCount(ex, contestId)) > 0)
        throw conflict('Agencies take part in the contest');
    },
  };
}
export type TContestsService = ReturnType<typeof createContestsService>;
