import type { TMailAttachment, TMailQueueItem, TMailStatus } from '@atoll/domain/mail';
import { folderOf } from '@atoll/domain/mail';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookingRooms,
  bookings,
  customers,
  invoices,
  mailAccounts,
  mailQueue,
  mailTemplates,
  resorts,
  schedules,
  vessels,
} from '../../db/schema.ts';

// The only file of the mail module that touches Drizzle: queue rows, their claim by a worker, accounts and
// templates as the senders need them.

export type TMailQueueRow = typeof mailQueue.$inferSelect;
export type TMailAccountRow = typeof mailAccounts.$inferSelect;
export type TMailTemplateRow = typeof mailTemplates.$inferSelect;
export type TNewQueueRow = typeof mailQueue.$inferInsert;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toQueueItem(row: TMailQueueRow): TMailQueueItem {
  return {
    id: row.id,
    dedupKey: row.dedupKey,
    accountId: row.accountId,
    templateId: row.templateId,
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments as TMailAttachment[],
    bookingId: row.bookingId,
    customerId: row.customerId,
    agencyId: row.agencyId,
    status: row.status as TMailStatus,
    folder: folderOf(row.status),
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lockedUntil: iso(row.lockedUntil),
    lastError: row.lastError,
    messageId: row.messageId,
    sentAt: iso(row.sentAt),
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Due: queued and its time has come, or "sending" whose worker died (its lock ran out). */
const due = (now: Date) =>
  or(
    and(eq(mailQueue.status, 'queued'), lte(mailQueue.nextAttemptAt, now)),
    and(eq(mailQueue.status, 'sending'), lte(mailQueue.lockedUntil, now)),
  );

export function createMailRepository() {
  return {
    /**
     * Claims up to `limit` due rows for one worker: `FOR UPDATE SKIP LOCKED` lets concurrent workers (other
     * instances) pass over rows another one is claiming, and `locked_until` keeps them off while it sends.
     * The claim counts the attempt, so a crash mid-send still moves towards the maximum.
     */
    async claim(db: Db, now: Date, lockMs: number, limit: number): Promise<TMailQueueRow[]> {
      const ids = db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(due(now))
        .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailQueue)
        .set({
          status: 'sending',
          lockedUntil: new Date(now.getTime() + lockMs),
          attempts: sql`${mailQueue.attempts} + 1`,
          updatedAt: now,
        })
        .where(and(inArray(mailQueue.id, ids), due(now)))
        .returning();
    },

    /** Only while this worker's claim holds (`sending`), so a row planned anew in between is not overwritten. */
    async markSent(db: Db, id: number, messageId: string, now: Date) {
      await db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: now, messageId, lockedUntil: null, lastError: null, updatedAt: now })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'sending')));
    },

    async markFailed(db: Db, id: number, error: string, retryAt: Date | null, now: Date) {
      await db
        .update(mailQueue)
        .set({
          status: retryAt ? 'queued' : 'failed',
          nextAttemptAt: retryAt ?? sql`${mailQueue.nextAttemptAt}`,
          lockedUntil: null,
          lastError: error.slice(0, 2000),
          updatedAt: now,
        })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'sending')));
    },

    /** Inserts unless the dedup key is taken; undefined then (at-least-once: one event, one mail). */
    async enqueue(ex: Executor, row: TNewQueueRow): Promise<TMailQueueRow | undefined> {
      const [inserted] = await ex
        .insert(mailQueue)
        .values(row)
        .onConflictDoNothing({
          target: mailQueue.dedupKey,
          where: sql`${mailQueue.dedupKey} is not null`,
        })
        .returning();
      return inserted;
    },

    /** The row, locked until the transaction ends. */
    async lockById(ex: Executor, id: number) {
      const [row] = await ex.select().from(mailQueue).where(eq(mailQueue.id, id)).for('update');
      return row;
    },

    /** Queued anew for `at`, its attempts from zero. */
    async plan(ex: Executor, id: number, at: Date) {
      const [row] = await ex
        .update(mailQueue)
        .set({
          status: 'queued',
          nextAttemptAt: at,
          attempts: 0,
          lastError: null,
          lockedUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(mailQueue.id, id))
        .returning();
      return row;
    },

    /** Deletes the mail if it is in one of these statuses; undefined when it was not. */
    async deleteInStatus(ex: Executor, id: number, statuses: string[]) {
      const [row] = await ex
        .delete(mailQueue)
        .where(and(eq(mailQueue.id, id), inArray(mailQueue.status, statuses)))
        .returning({ id: mailQueue.id });
      return row;
    },

    /** No account but `exceptId` (none when not given) is the default any more. */
    async clearDefaultAccount(ex: Executor, exceptId?: number) {
      const others = exceptId !== undefined ? ne(mailAccounts.id, exceptId) : undefined;
      await ex.update(mailAccounts).set({ isDefault: false }).where(others);
    },

    /** The booking with its customer's, agency's and asset's names and addresses, if `where` lets it be seen. */
    async bookingForMail(ex: Executor, bookingId: number, where?: SQL) {
      const [row] = await ex
        .select({
          booking: bookings,
          customerName: customers.fullName,
          customerEmail: customers.email,
          agencyEmail: agencies.email,
          resortName: resorts.name,
          vesselName: vessels.name,
        })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
        .leftJoin(resorts, eq(resorts.id, bookings.resortId))
        .leftJoin(vessels, eq(vessels.id, bookings.vesselId))
        .where(and(eq(bookings.id, bookingId), where));
      return row;
    },

    /** The booking's first guest (room order) with its customer's name and address. */
    async leadGuest(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ name: bookingGuests.name, fullName: customers.fullName, email: customers.email })
        .from(bookingGuests)
        .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(eq(bookingGuests.bookingId, bookingId))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id))
        .limit(1);
      return row;
    },

    /** The address of the booking's first guest (room order) whose customer has one. */
    async firstGuestEmail(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ email: customers.email })
        .from(bookingGuests)
        .innerJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(and(eq(bookingGuests.bookingId, bookingId), isNotNull(customers.email)))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id))
        .limit(1);
      return row?.email;
    },

    async latestInvoice(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ id: invoices.id, publicToken: invoices.publicToken })
        .from(invoices)
        .where(eq(invoices.bookingId, bookingId))
        .orderBy(desc(invoices.id))
        .limit(1);
      return row;
    },

    async scheduleExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: schedules.id }).from(schedules).where(eq(schedules.id, id));
      return row;
    },

    /** Guests with an e-mail on the departure's planned or confirmed bookings. */
    async departureGuests(ex: Executor, scheduleId: number) {
      const onDeparture = or(
        eq(bookings.scheduleId, scheduleId),
        exists(
          ex
            .select({ id: bookingRooms.id })
            .from(bookingRooms)
            .where(and(eq(bookingRooms.bookingId, bookings.id), eq(bookingRooms.scheduleId, scheduleId))),
        ),
      );
      const rows = await ex
        .select({
          bookingId: bookings.id,
          customerId: customers.id,
          fullName: customers.fullName,
          email: customers.email,
        })
        .from(bookingGuests)
        .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
        .innerJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(
          and(onDeparture, inArray(bookings.state, ['planned', 'confirmed']), isNotNull(customers.email)),
        )
        .orderBy(asc(bookings.id), asc(bookingGuests.id));
      return rows.map((r) => ({ ...r, email: r.email as string }));
    },

    async byId(ex: Executor, id: number) {
      const [row] = await ex.select().from(mailQueue).where(eq(mailQueue.id, id));
      return row;
    },

    async account(ex: Executor, id: number | null): Promise<TMailAccountRow | undefined> {
      const where =
        id !== null
          ? and(eq(mailAccounts.id, id), eq(mailAccounts.isActive, true))
          : and(eq(mailAccounts.isDefault, true), eq(mailAccounts.isActive, true));
      const [row] = await ex.select().from(mailAccounts).where(where).orderBy(asc(mailAccounts.id)).limit(1);
      return row;
    },

    async template(ex: Executor, id: number) {
      const [row] = await ex.select().from(mailTemplates).where(eq(mailTemplates.id, id));
      return row;
    },

    /** Active templates of a state, the wanted language first. */
    async templatesByState(ex: Executor, state: string, language?: string) {
      const rows = await ex
        .select()
        .from(mailTemplates)
        .where(and(eq(mailTemplates.state, state), eq(mailTemplates.isActive, true)))
        .orderBy(asc(mailTemplates.id));
      return language ? [...rows].sort((a, b) => rank(a, language) - rank(b, language)) : rows;
    },

    async statistics(ex: Executor, since: Date) {
      const byStatus = await ex
        .select({ status: mailQueue.status, n: count() })
        .from(mailQueue)
        .groupBy(mailQueue.status);
      const day = sql<string>`to_char(${mailQueue.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const byDay = await ex
        .select({ day, status: mailQueue.status, n: count() })
        .from(mailQueue)
        .where(gte(mailQueue.updatedAt, since))
        .groupBy(day, mailQueue.status)
        .orderBy(day);
      return { byStatus, byDay };
    },

    async folderCounts(ex: Executor) {
      return ex.select({ status: mailQueue.status, n: count() }).from(mailQueue).groupBy(mailQueue.status);
    },

    /** A page of the mails in these statuses (a mailbox folder), newest first, and how many there are. */
    async page(ex: Executor, statuses: string[], limit: number, offset: number) {
      const where = inArray(mailQueue.status, statuses);
      const [total] = await ex.select({ n: count() }).from(mailQueue).where(where);
      const rows = await ex
        .select()
        .from(mailQueue)
        .where(where)
        .orderBy(desc(mailQueue.updatedAt), desc(mailQueue.id))
        .limit(limit)
        .offset(offset);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type TMailRepository = ReturnType<typeof createMailRepository>;

const rank = (row: TMailTemplateRow, language: string) => (row.language === language ? 0 : 1);
