import { addDays } from '@atoll/domain/inventory/tours';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { raiseBookingTodos } from './raise-todos.flow.ts';
import { createTodosRepository } from './todos.repository.ts';

// The todos no booking write raises: a daily look at the bookings (docs/domain/lifecycle.md). Idempotent, so it
// may run more often than daily; an advisory lock keeps two server instances from running it at once.
// "Option expired but paid" is raised by the option expiry (bookings/expire-options.flow.ts); both run from
// jobs.ts.

const repo = createTodosRepository();

/** Any fixed number: the key of the todo job's advisory lock. */
const JOB_LOCK = 7_001;

/** No-show: a confirmed stay without check-in by `from + 1 day` gets the todo "no show" (once). */
export async function runTodoJobs(db: Db, now: Date): Promise<{ noShow: number[] } | null> {
  const day = today(now);
  return db.transaction(async (tx) => {
    if (!(await repo.tryJobLock(tx, JOB_LOCK))) return null;
    const noShow = await repo.noShowCandidates(tx, addDays(day, -1), day);
    for (const id of noShow) await raiseBookingTodos(tx, id, [{ code: 'noShow' }]);
    return { noShow };
  });
}
