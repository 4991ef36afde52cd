import type { TMailScheduleAnchor } from '@atoll/domain/mail/schedule';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { bookingNumber } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookings,
  customers,
  mailQueue,
  mailScheduleSkips,
  mailSchedules,
  mailTemplates,
} from '../../db/schema.ts';

export type TMailScheduleRow = typeof mailSchedules.$inferSelect;

/** The day a rule counts from, as a date: the booking day in the operator's time zone. */
function anchorDay(anchor: TMailScheduleAnchor, timeZone: string): SQL<string> {
  if (anchor === 'arrival') return sql<string>`${bookings.from}`;
  if (anchor === 'departure') return sql<string>`${bookings.to}`;
  return sql<string>`(${bookings.bookingDate} at time zone ${timeZone})::date`;
}

/** The first guest (room order) with a customer address, for bookings without a customer address. */
const guestEmail = sql<string | null>`(select ${customers.email} from ${bookingGuests}
  join ${customers} on ${customers.id} = ${bookingGuests.customerId}
  where ${bookingGuests.bookingId} = ${bookings.id} and ${customers.email} is not null
  order by ${bookingGuests.bookingRoomId}, ${bookingGuests.sort}, ${bookingGuests.id} limit 1)`;
const leadGuestName = sql<
  string | null
>`(select coalesce(c.full_name, ${bookingGuests.name}) from ${bookingGuests}
  left join ${customers} c on c.id = ${bookingGuests.customerId}
  where ${bookingGuests.bookingId} = ${bookings.id}
  order by ${bookingGuests.bookingRoomId}, ${bookingGuests.sort}, ${bookingGuests.id} limit 1)`;

export function createMailScheduleRepository() {
  return {
    async rule(ex: Executor, id: number) {
      const [row] = await ex.select().from(mailSchedules).where(eq(mailSchedules.id, id));
      return row;
    },

    async activeRules(ex: Executor, id?: number) {
      return ex
        .select()
        .from(mailSchedules)
        .where(and(eq(mailSchedules.isActive, true), id === undefined ? undefined : eq(mailSchedules.id, id)))
        .orderBy(asc(mailSchedules.id));
    },

    /** Whether a rule sends this template (it cannot be deleted under it). */
    async isTemplateUsed(ex: Executor, templateId: number) {
      const [row] = await ex
        .select({ id: mailSchedules.id })
        .from(mailSchedules)
        .where(or(eq(mailSchedules.templateIdDe, templateId), eq(mailSchedules.templateIdEn, templateId)))
        .limit(1);
      return row !== undefined;
    },

    /** The active templates among `ids`. */
    async activeTemplates(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      return ex
        .select()
        .from(mailTemplates)
        .where(and(inArray(mailTemplates.id, ids), eq(mailTemplates.isActive, true)));
    },

    /**
     * The bookings a rule mails whose anchor day lies in `from`..`to`, with their address (as the booking
     * mails choose it: customer, first guest with an address, agency) and whether the office skipped them.
     */
    async candidates(
      ex: Executor,
      rule: TMailScheduleRow,
      range: { from: string; to: string },
      opts: { timeZone: string; where?: SQL | undefined },
    ) {
      const day = anchorDay(rule.anchor as TMailScheduleAnchor, opts.timeZone);
      return ex
        .select({
          bookingId: bookings.id,
          bookingNo: bookingNumber,
          state: bookings.state,
          language: bookings.language,
          anchorDay: sql<string>`to_char(${day}, 'YYYY-MM-DD')`,
          guestName: sql<string | null>`coalesce(${customers.fullName}, ${leadGuestName})`,
          to: sql<string | null>`coalesce(${customers.email}, ${guestEmail}, ${agencies.email})`,
          skipped: sql<boolean>`${mailScheduleSkips.bookingId} is not null`,
        })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
        .leftJoin(
          mailScheduleSkips,
          and(eq(mailScheduleSkips.scheduleId, rule.id), eq(mailScheduleSkips.bookingId, bookings.id)),
        )
        .where(
          and(
            inArray(bookings.state, rule.states as string[]),
            rule.anchor === 'booked' ? isNotNull(bookings.bookingDate) : undefined,
            gte(day, range.from),
            lte(day, range.to),
            rule.resortId === null ? undefined : eq(bookings.resortId, rule.resortId),
            rule.vesselId === null ? undefined : eq(bookings.vesselId, rule.vesselId),
            rule.includeAgencyBookings ? undefined : isNull(bookings.agencyId),
            opts.where,
          ),
        )
        .orderBy(asc(day), asc(bookings.id));
    },

    /** Which of these dedup keys the queue holds already (in any status: a mail is never sent twice). */
    async queuedKeys(ex: Executor, keys: string[]) {
      if (keys.length === 0) return new Set<string>();
      const rows = await ex
        .select({ key: mailQueue.dedupKey })
        .from(mailQueue)
        .where(inArray(mailQueue.dedupKey, keys));
      return new Set(rows.map((r) => r.key as string));
    },

    async skip(ex: Executor, scheduleId: number, bookingId: number, userId: number) {
      await ex.insert(mailScheduleSkips).values({ scheduleId, bookingId, userId }).onConflictDoNothing();
    },
  };
}

export type TMailScheduleRepository = ReturnType<typeof createMailScheduleRepository>;
