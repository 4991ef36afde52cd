import { z } from 'zod';
import { ZIsoDate } from '../inventory/availability.ts';
import { D } from '../money/money.ts';
import { type TProblem, withProblems } from '../schema.ts';

// Agency sales contests (spec: /api/contest, /contest/list, switch contest): the operator offers a prize to
// the agency that sells the most in a period; agencies subscribe, and the standing is computed from their
// bookings (docs/domain/contests.md). Pure: the contest's fields and rules, and how a standing is ranked.

/** What a contest counts: bookings, guests (noOfPax), guest nights, or revenue in the base currency. */
export const CONTEST_METRICS = ['bookings', 'guests', 'nights', 'revenue'] as const;
export type TContestMetric = (typeof CONTEST_METRICS)[number];

const ZId = z.number().int().positive().max(2_147_483_647);

const ZContestFields = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(5000).nullable().default(null),
  prize: z.string().trim().max(500).nullable().default(null),
  /** The period: bookings confirmed (bookingDate, the operator's day) from `from` to `to`, both included. */
  from: ZIsoDate,
  to: ZIsoDate,
  metric: z.enum(CONTEST_METRICS),
  /** Only bookings of this resort or vessel; null: all. */
  resortId: ZId.nullable().default(null),
  vesselId: ZId.nullable().default(null),
  /** The last day agencies may subscribe or leave; null: the contest's last day. */
  subscribeUntil: ZIsoDate.nullable().default(null),
  isActive: z.boolean().default(true),
});

type TContestCheck = {
  from?: string | undefined;
  to?: string | undefined;
  resortId?: number | null | undefined;
  vesselId?: number | null | undefined;
  subscribeUntil?: string | null | undefined;
};

/** What is wrong with a contest (empty: nothing): the period, the closing day, one asset at most. */
export function contestProblems(c: TContestCheck): TProblem[] {
  const problems: TProblem[] = [];
  if (c.from && c.to && c.to < c.from) problems.push({ path: 'to', message: 'to lies before from' });
  if (c.subscribeUntil && c.to && c.subscribeUntil > c.to)
    problems.push({ path: 'subscribeUntil', message: 'subscribeUntil lies after to' });
  if (c.resortId != null && c.vesselId != null)
    problems.push({ path: 'vesselId', message: 'A resort or a vessel, not both' });
  return problems;
}

export const ZCreateContest = withProblems(ZContestFields, contestProblems);
export type TCreateContest = z.infer<typeof ZCreateContest>;
/** A change of some fields; the rules are checked on the stored contest with the change applied. */
export const ZUpdateContest = ZContestFields.partial();
export type TUpdateContest = z.infer<typeof ZUpdateContest>;

export const ZContest = ZContestFields.extend({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContest = z.infer<typeof ZContest>;

/** The last day agencies may subscribe to (or leave) a contest. */
export const closingDay = (c: { to: string; subscribeUntil: string | null }) => c.subscribeUntil ?? c.to;

/** `POST /api/contest/subscribe` and `unsubscribe`: an agent names no agency (or its own), the office one. */
export const ZContestSubscribe = z.object({ contestId: ZId, agencyId: ZId.optional() });
export type TContestSubscribe = z.infer<typeof ZContestSubscribe>;
export const ZContestSubscription = z.object({
  contestId: z.number().int(),
  agencyId: z.number().int(),
  subscribedAt: z.string(),
});

/** One agency's line of a standing: its figure (a decimal string for revenue) and its rank. */
export const ZStandingRow = z.object({
  rank: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  figure: z.string(),
  subscribedAt: z.string(),
});
export type TStandingRow = z.infer<typeof ZStandingRow>;

/** `GET /api/contest/{id}/subscription`: the office gets every row, an agent only its own (or none). */
export const ZContestStanding = z.object({
  contestId: z.number().int(),
  metric: z.enum(CONTEST_METRICS),
  /** The base currency of a revenue figure; null for counts. */
  currency: z.string().nullable(),
  participants: z.number().int(),
  rows: z.array(ZStandingRow),
});
export type TContestStanding = z.infer<typeof ZContestStanding>;

/**
 * Ranks the subscribed agencies by their figure, highest first; equal figures share a rank and the next rank
 * skips as many (1, 1, 3), and within a rank the agencies stand by name.
 */
export function rankStanding<R extends { agencyName: string; figure: string }>(
  rows: readonly R[],
): (R & { rank: number })[] {
  const sorted = [...rows].sort(
    (a, b) => new D(b.figure).comparedTo(a.figure) || a.agencyName.localeCompare(b.agencyName),
  );
  return sorted.map((row, i) => {
    const first = sorted.findIndex((other) => new D(other.figure).equals(row.figure));
    return { ...row, rank: (first === -1 ? i : first) + 1 };
  });
}
