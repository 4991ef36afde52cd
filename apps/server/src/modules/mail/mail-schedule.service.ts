import {
  anchorRangeDueOn,
  anchorRangeMeeting,
  lastSendDay,
  MAIL_SCHEDULE_HOUR,
  MAIL_SCHEDULED_DEFAULT_DAYS,
  MAIL_SCHEDULED_MAX_DAYS,
  SCHEDULED_MAIL_ID,
  scheduledMailId,
  scheduledMailKey,
  sendDay,
  type TScheduledMail,
  type TTestMailAnswer,
  type TTestMailSchedule,
} from '@atoll/domain/mail/schedule';
import { addDays } from '@atoll/domain/pricing/dates';
import type { TSessionUser } from '@atoll/domain/users';
import type { SQL } from 'drizzle-orm';
import { operatorTimeZone, today } from '../../clock.ts';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { createMailRepository, type TMailTemplateRow } from './mail.repository.ts';
import { loadBookingMailContext, templateMailRow } from './mail-context.ts';
import { createMailScheduleRepository, type TMailScheduleRow } from './mail-schedule.repository.ts';

// The mail scheduler's use cases (docs/domain/mail-schedule.md): the mails its rules will send, skipping one,
// a test of a rule, and the hourly job that queues the mails due. Nothing is stored ahead: the planned mails
// are computed from the rules and the bookings as they are now, so a booking moved, cancelled or re-addressed
// changes its mail with it; the queue's dedup key keeps each mail to one.

type TTemplates = Map<number, TMailTemplateRow>;

/** The rule's template for a booking's language, else the one of the other language. */
function templateFor(rule: TMailScheduleRow, language: string, templates: TTemplates) {
  const [own, other] =
    language === 'en' ? [rule.templateIdEn, rule.templateIdDe] : [rule.templateIdDe, rule.templateIdEn];
  return (
    (own === null ? undefined : templates.get(own)) ?? (other === null ? undefined : templates.get(other))
  );
}

export function createMailScheduleService(deps: {
  db: Db;
  appUrl: string;
  nudge: () => void;
  /** The switch mailScheduler: off, the job queues nothing. */
  isOn: () => Promise<boolean>;
}) {
  const { db } = deps;
  const repo = createMailScheduleRepository();
  const mailRepo = createMailRepository();

  async function templatesOf(ex: Executor, rules: TMailScheduleRow[]): Promise<TTemplates> {
    const ids = rules.flatMap((r) => [r.templateIdDe, r.templateIdEn]).filter((id) => id !== null);
    const rows = await repo.activeTemplates(ex, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A rule's mails whose anchor day lies in `range`, not queued yet, with the template each gets. */
  async function mailsOf(
    ex: Executor,
    rule: TMailScheduleRow,
    range: { from: string; to: string },
    templates: TTemplates,
    where?: SQL,
  ) {
    if (range.from > range.to) return [];
    const rows = await repo.candidates(ex, rule, range, { timeZone: operatorTimeZone(), where });
    const keyed = rows.map((row) => ({
      ...row,
      key: scheduledMailKey(rule.id, row.bookingId, row.anchorDay),
      template: templateFor(rule, row.language, templates),
    }));
    const queued = await repo.queuedKeys(
      ex,
      keyed.map((m) => m.key),
    );
    return keyed.filter((m) => m.template && !queued.has(m.key));
  }

  return {
    /** `GET /api/mailschedule/scheduled`: the mails due in `from`..`to` (default the next 30 days). */
    async scheduled(
      user: TSessionUser,
      query: { from?: string | undefined; to?: string | undefined; scheduleId?: number | undefined },
    ): Promise<TScheduledMail[]> {
      const from = query.from ?? today();
      const to = query.to ?? addDays(from, MAIL_SCHEDULED_DEFAULT_DAYS - 1);
      if (to < from) throw badRequest('to lies before from', 'to');
      if (addDays(from, MAIL_SCHEDULED_MAX_DAYS) <= to)
        throw badRequest(`At most ${MAIL_SCHEDULED_MAX_DAYS} days at once`, 'to');
      const rules = await repo.activeRules(db, query.scheduleId);
      const templates = await templatesOf(db, rules);
      const mails: TScheduledMail[] = [];
      for (const rule of rules) {
        const range = anchorRangeMeeting(from, to, rule.days);
        for (const m of await mailsOf(db, rule, range, templates, bookingVisibility(user))) {
          mails.push({
            id: scheduledMailId(rule.id, m.bookingId),
            scheduleId: rule.id,
            scheduleName: rule.name,
            bookingId: m.bookingId,
            bookingNo: m.bookingNo ?? String(m.bookingId),
            state: m.state,
            guestName: m.guestName,
            to: m.to,
            language: m.language,
            templateId: (m.template as TMailTemplateRow).id,
            anchorDay: m.anchorDay,
            sendDay: sendDay(m.anchorDay, rule.days),
            lastDay: lastSendDay(m.anchorDay, rule.days),
            status: m.skipped ? 'skipped' : m.to ? 'planned' : 'noAddress',
          });
        }
      }
      return mails.sort(
        (a, b) => a.sendDay.localeCompare(b.sendDay) || a.bookingNo.localeCompare(b.bookingNo),
      );
    },

    /** `DELETE /api/mailschedule/scheduled/{id}`: this rule does not mail this booking. */
    async skip(user: TSessionUser, id: string) {
      const match = SCHEDULED_MAIL_ID.exec(id);
      if (!match) throw badRequest('A planned mail is named {schedule}-{booking}', 'id');
      const [scheduleId, bookingId] = [Number(match[1]), Number(match[2])];
      return db.transaction(async (tx) => {
        if (!(await repo.rule(tx, scheduleId))) throw notFound('Mail schedule');
        if (!(await mailRepo.bookingForMail(tx, bookingId, bookingVisibility(user))))
          throw notFound('Booking');
        await repo.skip(tx, scheduleId, bookingId, user.id);
        return { id };
      });
    },

    /** `POST /api/mailschedule/{id}/test`: the rule's mail for one booking, to the user (never to the guest). */
    async test(user: TSessionUser, ruleId: number, body: TTestMailSchedule): Promise<TTestMailAnswer> {
      const answer = await db.transaction(async (tx) => {
        const rule = await repo.rule(tx, ruleId);
        if (!rule) throw notFound('Mail schedule');
        const templates = await templatesOf(tx, [rule]);
        let bookingId = body.bookingId;
        if (bookingId === undefined) {
          const from = today();
          const range = anchorRangeMeeting(from, addDays(from, MAIL_SCHEDULED_MAX_DAYS - 1), rule.days);
          const [next] = await mailsOf(tx, rule, range, templates, bookingVisibility(user));
          if (!next)
            throw new AppError(409, 'INVALID_STATE', 'No booking in the next year this rule would mail');
          bookingId = next.bookingId;
        }
        const ctx = await loadBookingMailContext(tx, bookingId, deps.appUrl, bookingVisibility(user));
        if (!ctx) throw notFound('Booking');
        const template = templateFor(rule, body.language ?? ctx.language, templates);
        if (!template) throw new AppError(409, 'INVALID_STATE', 'The rule has no active template');
        const to = body.to ?? user.email;
        const mail = templateMailRow({ ...ctx, to }, template, {
          dedupKey: null,
          userId: user.id,
          withInvoice: false,
          test: { to },
        });
        const row = await mailRepo.enqueue(tx, mail);
        return { mailId: row?.id ?? 0, to, subject: mail.subject, bookingId: ctx.bookingId };
      });
      deps.nudge();
      return answer;
    },

    /**
     * The hourly job: every active rule's mails due today (from MAIL_SCHEDULE_HOUR on, the operator's day),
     * one transaction per rule. Answers how many were queued.
     */
    async sendDue(now: Date): Promise<number> {
      if (!(await deps.isOn())) return 0;
      const day = today(new Date(now.getTime() - MAIL_SCHEDULE_HOUR * 3_600_000));
      let queued = 0;
      for (const rule of await repo.activeRules(db)) {
        queued += await db.transaction(async (tx) => {
          const templates = await templatesOf(tx, [rule]);
          let n = 0;
          for (const m of await mailsOf(tx, rule, anchorRangeDueOn(day, rule.days), templates)) {
            if (m.skipped || !m.to) continue;
            const ctx = await loadBookingMailContext(tx, m.bookingId, deps.appUrl);
            const template = ctx && templateFor(rule, ctx.language, templates);
            if (!ctx?.to || !template) continue;
            const row = await mailRepo.enqueue(
              tx,
              templateMailRow({ ...ctx, to: ctx.to }, template, {
                dedupKey: m.key,
                userId: null,
                withInvoice: false,
              }),
            );
            if (row) n++;
          }
          return n;
        });
      }
      if (queued > 0) deps.nudge();
      return queued;
    },
  };
}

export type TMailScheduleService = ReturnType<typeof createMailScheduleService>;
