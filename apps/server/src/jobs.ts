import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { createAvailabilityService } from './modules/availability/availability.service.ts';
import { createExpireOptionsFlow } from './modules/bookings/lifecycle/expire-options.flow.ts';
import { createResolveBookingsFlow } from './modules/bookings/lifecycle/resolve-bookings.flow.ts';
import { settleDueDates } from './modules/payments/booking-settlement.ts';
import { runTodoJobs } from './modules/todos/todo-jobs.ts';

// The server's periodic work: lapsed options become freed (and the waitlist hears of it), the todos no
// booking write raises (no-show), bookings past a due date are flagged (payments), and finished, settled
// stays are resolved. All idempotent and
// safe with several instances: the todo job takes an advisory lock, the option expiry settles each booking
// under its version lock, the due-date job recomputes from the payments. Not started in tests, which call
// the jobs with a fixed clock.

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60 * 1000;
const OPTIONS_EVERY_MS = 60_000;

/** Options lapsing soon are warned of; lapsed ones (online holds included) become freed. */
async function expireOptions(db: Db, now: Date) {
  const flow = createExpireOptionsFlow({ db, availability: createAvailabilityService({ db }) });
  await flow.warnOptions(now);
  return flow.expireOptions(now);
}

export async function runJobs(db: Db, now: Date) {
  const expired = await expireOptions(db, now);
  const todos = await runTodoJobs(db, now);
  const overdue = await settleDueDates(db, now);
  const resolved = await createResolveBookingsFlow({ db }).resolveFinished(now);
  return { expired, noShow: todos?.noShow ?? [], overdue, resolved };
}

/** Runs the jobs a minute after start and then hourly; `stop` on shutdown. */
export function startJobs(deps: { db: Db; log: FastifyBaseLogger }) {
  const run = () =>
    runJobs(deps.db, new Date()).then(
      ({ expired, noShow, overdue, resolved }) => {
        if (expired.length > 0) deps.log.info(`jobs: ${expired.length} lapsed options freed`);
        if (noShow.length > 0) deps.log.info(`jobs: ${noShow.length} no-shows`);
        if (overdue.length > 0) deps.log.info(`jobs: ${overdue.length} bookings past a due date`);
        if (resolved.length > 0) deps.log.info(`jobs: ${resolved.length} finished bookings resolved`);
      },
      (error: unknown) => deps.log.error({ err: error }, 'periodic job failed'),
    );
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, EVERY_MS);
  // Online holds last ONLINE_HOLD_MINUTES: the option expiry also runs every minute so they free promptly.
  const options = setInterval(() => {
    expireOptions(deps.db, new Date()).catch((error: unknown) =>
      deps.log.error({ err: error }, 'option expiry failed'),
    );
  }, OPTIONS_EVERY_MS);
  first.unref();
  timer.unref();
  options.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
      clearInterval(options);
    },
  };
}
