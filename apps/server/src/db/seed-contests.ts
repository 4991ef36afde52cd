import { addDays } from '@atoll/domain/pricing/dates';
import { today } from '../clock.ts';
import type { Executor } from './client.ts';
import { contestSubscriptions, contests, settings } from './schema.ts';

/**
 * A running sales contest of the demo season (docs/domain/contests.md): the berths and rooms the agencies
 * sold from four months ago to two months ahead, with the first two agencies taking part (Blue Reef Travel,
 * the demo agent's, among them), so that the standing has figures at once; and the switch contest on.
 */
export async function seedContest(ex: Executor, agencyIds: readonly number[]) {
  const day = today();
  const [contest] = await ex
    .insert(contests)
    .values({
      name: 'Agency sales cup',
      description: 'The agency with the most confirmed bookings in the period wins.',
      prize: 'A week for two on MV Atoll Explorer',
      from: addDays(day, -120),
      to: addDays(day, 60),
      metric: 'bookings',
      subscribeUntil: addDays(day, 30),
    })
    .returning({ id: contests.id });
  if (!contest) throw new Error('demo season: the contest was not written');
  const subscribed = agencyIds.slice(0, 2).map((agencyId) => ({ contestId: contest.id, agencyId }));
  if (subscribed.length) await ex.insert(contestSubscriptions).values(subscribed);
  await ex.insert(settings).values({ group: 'features', key: 'contest', value: true }).onConflictDoNothing();
}
