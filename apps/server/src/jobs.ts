import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import type { TBookingParts } from './modules/bookings/bookings.parts.ts';
import type { TMailScheduleService } from './modules/mail/mail-schedule.service.ts';
import { settleDueDates } from './modules/payments/booking-settlement.ts';
import { runTodoJobs } from './modules/todos/todo-jobs.ts';

// The server's periodic work: lapsed options become freed (and the waitlist hears of it), the todos no
// booking write raises (no-show), bookings past a due date are flagged (payments), and finished, settled
// stays are resolved, and the mail scheduler's rules queue the mails due. All idempotent and safe with several instances: the todo job takes an advisory lock,
// the option expiry settles each booking under its version lock, the due-date job recomputes from the
// payments. Built once by the composition root; started by main.ts, never in tests, which run them with a
// fixed clock.

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60 * 1000;
const OPTIONS_EVERY_MS = 60_000;

export function createJobs(deps: {
  db: Db;
  bookings: Pick<TBookingParts, 'expireOptions' | 'resolve'>;
  mailSchedules: Pick<TMailScheduleService, 'sendDue'>;
}) {
  const { db, bookings, mailSchedules } = deps;

  /** Options lapsing soon are warned of; lapsed ones (online holds included) become freed. */
  async function expireOptions(now: Date) {
    await bookings.expireOptions.warnOptions(now);
    return bookings.expireOptions.expireOptions(now);
  }

  async function run(now: Date) {
    const expired = await expireOptions(now);
    const todos = await runTodoJobs(db, now);
    const overdue = await settleDueDates(db, now);
    const resolved = await bookings.resolve.resolveFinished(now);
    const scheduledMails = await mailSchedules.sendDue(now);
    return { expired, noShow: todos?.noShow ?? [], overdue, resolved, scheduledMails };
  }

  /** Runs the jobs a minute after start and then hourly; `stop` on shutdown. */
  function start(log: FastifyBaseLogger) {
    const hourly = () =>
      run(new Date()).then(
        ({ expired, noShow, overdue, resolved, scheduledMails }) => {
          if (expired.length > 0) log.info(`jobs: ${expired.length} lapsed options freed`);
          if (noShow.length > 0) log.info(`jobs: ${noShow.length} no-shows`);
          if (overdue.length > 0) log.info(`jobs: ${overdue.length} bookings past a due date`);
          if (resolved.length > 0) log.info(`jobs: ${resolved.length} finished bookings resolved`);
          if (scheduledMails > 0) log.info(`jobs: ${scheduledMails} scheduled mails queued`);
        },
        (error: unknown) => log.error({ err: error }, 'periodic job failed'),
      );
    const first = setTimeout(hourly, FIRST_RUN_MS);
    const timer = setInterval(hourly, EVERY_MS);
    // Online holds last ONLINE_HOLD_MINUTES: the option expiry also runs every minute so they free promptly.
    const options = setInterval(() => {
      expireOptions(new Date()).catch((error: unknown) => log.error({ err: error }, 'option expiry failed'));
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

  return { run, start };
}

export type TJobs = ReturnType<typeof createJobs>;
