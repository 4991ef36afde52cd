import { z } from 'zod';
import { ZIsoDate } from '../inventory/availability.ts';
import { addDays } from '../pricing/dates.ts';
import { withProblems } from '../schema.ts';

// The mail scheduler (spec: /api/mailschedule, /config/mailschedule and /config/mailscheduled, switch
// mailScheduler): rules that mail a booking's guest on a day counted from its arrival, its departure or the day
// it was booked, with a template per language. Pure: which day a mail is due on and until when it may still
// go out (docs/domain/mail-schedule.md).

/** The day a rule counts from: the first night, the day of leaving, the day the booking was confirmed. */
export const MAIL_SCHEDULE_ANCHORS = ['arrival', 'departure', 'booked'] as const;
export type TMailScheduleAnchor = (typeof MAIL_SCHEDULE_ANCHORS)[number];

/** The booking states a rule may mail (offers and cancelled or released bookings are never mailed). */
export const MAIL_SCHEDULE_STATES = ['planned', 'confirmed', 'resolved'] as const;
export type TMailScheduleState = (typeof MAIL_SCHEDULE_STATES)[number];

/** Days a mail whose day has passed may still go out (the server was down, a rule was switched on late). */
export const MAIL_SCHEDULE_GRACE_DAYS = 2;
/** A due mail is queued at the first run of the hourly job after this hour of its day (operator's time zone). */
export const MAIL_SCHEDULE_HOUR = 9;
/** How far ahead `GET /api/mailschedule/scheduled` looks by default, and at most. */
export const MAIL_SCHEDULED_DEFAULT_DAYS = 30;
export const MAIL_SCHEDULED_MAX_DAYS = 366;

/** The day of the mail: the anchor day plus `days` (negative: before). */
export const sendDay = (anchorDay: string, days: number): string => addDays(anchorDay, days);

/**
 * The last day the mail may still be queued. A mail before the anchor day goes out at the latest the day
 * before it (a trip reminder booked late still reaches the guest, never after arrival); one on or after the
 * anchor day within the grace days.
 */
export function lastSendDay(anchorDay: string, days: number): string {
  return days < 0 ? addDays(anchorDay, -1) : addDays(anchorDay, days + MAIL_SCHEDULE_GRACE_DAYS);
}

/**
 * The anchor days whose mail is due on `day`: those with send day ≤ day ≤ last send day, as an inclusive
 * range (`from` after `to`: none can be).
 */
export function anchorRangeDueOn(day: string, days: number): { from: string; to: string } {
  if (days < 0) return { from: addDays(day, 1), to: addDays(day, -days) };
  return { from: addDays(day, -days - MAIL_SCHEDULE_GRACE_DAYS), to: addDays(day, -days) };
}

/** The anchor days whose mail window meets the days `from`..`to` (the list of planned mails). */
export function anchorRangeMeeting(from: string, to: string, days: number): { from: string; to: string } {
  return { from: anchorRangeDueOn(from, days).from, to: anchorRangeDueOn(to, days).to };
}

const ZId = z.number().int().positive().max(2_147_483_647);
const ZDays = z.number().int().min(-365).max(365);

const ZRuleFields = z.object({
  name: z.string().trim().min(1).max(200),
  isActive: z.boolean().default(true),
  anchor: z.enum(MAIL_SCHEDULE_ANCHORS),
  /** Days from the anchor day: -7 is a week before arrival, 3 three days after departure. */
  days: ZDays,
  /** The template for German bookings and for English ones; a booking whose language has none gets the other. */
  templateIdDe: ZId.nullable().default(null),
  templateIdEn: ZId.nullable().default(null),
  states: z
    .array(z.enum(MAIL_SCHEDULE_STATES))
    .min(1)
    .max(MAIL_SCHEDULE_STATES.length)
    .refine((list) => new Set(list).size === list.length, 'no state twice')
    .default(['confirmed', 'resolved']),
  /** Only bookings of this resort or vessel; null: all. */
  resortId: ZId.nullable().default(null),
  vesselId: ZId.nullable().default(null),
  /** Bookings an agency made: their guests are the agency's customers, so off unless asked for. */
  includeAgencyBookings: z.boolean().default(false),
});

type TRuleCheck = {
  anchor?: string | undefined;
  days?: number | undefined;
  templateIdDe?: number | null | undefined;
  templateIdEn?: number | null | undefined;
};

/** The rules a rule's fields must keep together; `merged` is the stored rule with the change applied. */
export function ruleProblems(merged: TRuleCheck): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (merged.anchor === 'booked' && (merged.days ?? 0) < 0)
    problems.push({ path: 'days', message: 'a mail cannot go out before the booking was made' });
  if (merged.templateIdDe == null && merged.templateIdEn == null)
    problems.push({ path: 'templateIdDe', message: 'a template in at least one language is needed' });
  return problems;
}

export const ZCreateMailSchedule = withProblems(ZRuleFields, ruleProblems);
export type TCreateMailSchedule = z.infer<typeof ZCreateMailSchedule>;
/** A change of some fields; the rules are checked on the stored rule with the change applied. */
export const ZUpdateMailSchedule = ZRuleFields.partial();
export type TUpdateMailSchedule = z.infer<typeof ZUpdateMailSchedule>;

export const ZMailSchedule = ZRuleFields.extend({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMailSchedule = z.infer<typeof ZMailSchedule>;

/** The id of a planned mail: the rule and the booking (`{schedule}-{booking}`). */
export const scheduledMailId = (scheduleId: number, bookingId: number) => `${scheduleId}-${bookingId}`;
export const SCHEDULED_MAIL_ID = /^(\d{1,10})-(\d{1,10})$/;

/** A mail a rule will send (`GET /api/mailschedule/scheduled`). */
export const ZScheduledMail = z.object({
  id: z.string(),
  scheduleId: z.number().int(),
  scheduleName: z.string(),
  bookingId: z.number().int(),
  bookingNo: z.string(),
  state: z.string(),
  guestName: z.string().nullable(),
  to: z.string().nullable(),
  language: z.string(),
  templateId: z.number().int(),
  anchorDay: ZIsoDate,
  sendDay: ZIsoDate,
  lastDay: ZIsoDate,
  /** planned; skipped by hand (`DELETE scheduled/{id}`); noAddress: the booking has no mail address. */
  status: z.enum(['planned', 'skipped', 'noAddress']),
});
export type TScheduledMail = z.infer<typeof ZScheduledMail>;

export const ZScheduledMailQuery = z
  .object({
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    scheduleId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();

/** `POST /api/mailschedule/{id}/test`: the rule's mail for one booking (else the next it will go to). */
export const ZTestMailSchedule = z
  .object({
    bookingId: ZId.optional(),
    /** Default: the user's own address. */
    to: z.email().max(254).optional(),
    language: z.enum(['de', 'en']).optional(),
  })
  .strict();
export type TTestMailSchedule = z.infer<typeof ZTestMailSchedule>;

export const ZTestMailAnswer = z.object({
  mailId: z.number().int(),
  to: z.string(),
  subject: z.string(),
  bookingId: z.number().int(),
});
export type TTestMailAnswer = z.infer<typeof ZTestMailAnswer>;

/** The queue's dedup key of a rule's mail to a booking for one anchor day: a stay moved to other dates is mailed again. */
export const scheduledMailKey = (scheduleId: number, bookingId: number, anchorDay: string) =>
  `mailschedule:${scheduleId}:b${bookingId}:${anchorDay}`;
