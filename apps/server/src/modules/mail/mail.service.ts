import { createHash, randomBytes } from 'node:crypto';
import {
  bookingMailKey,
  fillHtml,
  fillSubject,
  fillText,
  type TMailAttachment,
  type TMailAttachmentKind,
  type TMailTemplateState,
  type TSendMailAnswer,
} from '@atoll/domain/mail';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { SQL } from 'drizzle-orm';
import { bookingVisibility, canReadAllBookings } from '../../db/booking-conditions.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createMailRepository, type TMailTemplateRow, type TNewQueueRow } from './mail.repository.ts';
import { loadBookingMailContext, type TBookingMailContext } from './mail-context.ts';

// The sending use cases: a template (or a text written now) for bookings, an invoice, a guest-form request,
// all guests of a departure. Each call writes its queue rows in one transaction and nudges the worker
// after the commit; the worker sends. A dedup key per event makes a replayed call queue nothing new
// unless `force` is sent.

export type TMailDeps = { db: Db; appUrl: string; nudge: () => void };

type TOverride = {
  to?: string | undefined;
  subject?: string | undefined;
  body?: string | undefined;
  attachments?: TMailAttachmentKind[] | undefined;
};

/**
 * Agents send the operator's templates to the booking's own addresses; choosing recipients or writing the
 * text is for staff (mail.create or bookings.update), so the sending calls cannot relay arbitrary mail.
 */
function assertMayEdit(user: TSessionUser, o: { to?: unknown; subject?: unknown; body?: unknown }) {
  if (hasScope(user.scopes, ['mail.create', 'bookings.update'])) return;
  if (o.to !== undefined || o.subject !== undefined || o.body !== undefined)
    throw new AppError(403, 'FORBIDDEN', 'Only staff choose the recipients or write the text of a mail');
}

const noTemplate = (state: string) =>
  new AppError(409, 'INVALID_STATE', `No active mail template for "${state}"`);
const hash = (...parts: (string | undefined)[]) =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('hex')
    .slice(0, 12);

/** Which bookings a sender may mail: office senders all (within their assets), agents their agency's. */
export function sendableBookings(user: TSessionUser): SQL | undefined {
  if (canReadAllBookings(user)) return bookingVisibility(user);
  if (hasScope(user.scopes, ['mail.create', 'bookings.update'])) return undefined;
  return bookingVisibility(user);
}

export function createMailService(deps: TMailDeps) {
  const repo = createMailRepository();
  const { db } = deps;

  async function context(ex: Executor, user: TSessionUser, bookingId: number) {
    const ctx = await loadBookingMailContext(ex, bookingId, deps.appUrl, sendableBookings(user));
    if (!ctx) throw notFound('Booking');
    return ctx;
  }

  async function pickTemplate(ex: Executor, templateId: number | undefined, state: string, language: string) {
    if (templateId !== undefined) {
      const row = await repo.template(ex, templateId);
      if (!row) throw notFound('Mail template');
      return row;
    }
    return (await repo.templatesByState(ex, state, language))[0];
  }

  function attachmentsFor(
    ctx: TBookingMailContext,
    kinds: readonly TMailAttachmentKind[],
  ): TMailAttachment[] {
    return kinds.map((kind) => {
      if (kind !== 'invoice') return { kind, bookingId: ctx.bookingId };
      if (ctx.latestInvoiceId === null)
        throw new AppError(409, 'INVALID_STATE', `Booking ${ctx.values.bookingNo} has no invoice yet`);
      return { kind, invoiceId: ctx.latestInvoiceId };
    });
  }

  /** The queue row of one booking mail; `event` names it in the dedup key. */
  function composeBookingMail(
    user: TSessionUser,
    ctx: TBookingMailContext,
    template: TMailTemplateRow | undefined,
    o: TOverride & { event: string; force: boolean; extra?: TMailAttachment[] },
  ): TNewQueueRow | undefined {
    const to = o.to ?? ctx.to;
    if (!to) return undefined;
    const subject = o.subject ?? template?.subject ?? '';
    const body = o.body ?? template?.body ?? '';
    const kinds = o.attachments ?? ((template?.attachments ?? []) as TMailAttachmentKind[]);
    const custom = o.subject !== undefined || o.body !== undefined || o.to !== undefined;
    const base =
      o.event.startsWith('invoice:') || o.event.startsWith('schedule:')
        ? o.event
        : bookingMailKey(ctx.bookingId, o.event, ctx.version);
    const key = custom ? `${base}:${hash(o.to, o.subject, o.body)}` : base;
    return {
      dedupKey: o.force ? `${key}:force:${randomBytes(6).toString('hex')}` : key,
      accountId: template?.accountId ?? null,
      templateId: template?.id ?? null,
      to,
      subject: fillSubject(subject, ctx.values),
      text: fillText(body, ctx.values),
      html: fillHtml(body, ctx.values),
      attachments: [...(o.extra ?? []), ...attachmentsFor(ctx, kinds)],
      bookingId: ctx.bookingId,
      customerId: ctx.customerId,
      agencyId: ctx.agencyId,
      status: 'queued',
      userId: user.id,
    };
  }

  /** Writes the rows (skipping taken dedup keys) and answers what happened to each. */
  async function enqueueAll(
    tx: Tx,
    items: { bookingId: number | null; to: string | null; row: TNewQueueRow | undefined }[],
  ): Promise<TSendMailAnswer> {
    const answer: TSendMailAnswer = { queued: 0, duplicates: 0, skipped: 0, items: [] };
    for (const item of items) {
      if (!item.row) {
        answer.skipped++;
        answer.items.push({ bookingId: item.bookingId, to: null, mailId: null, outcome: 'noAddress' });
        continue;
      }
      const inserted = await repo.enqueue(tx, item.row);
      if (inserted) answer.queued++;
      else answer.duplicates++;
      answer.items.push({
        bookingId: item.bookingId,
        to: item.row.to,
        mailId: inserted?.id ?? null,
        outcome: inserted ? 'queued' : 'duplicate',
      });
    }
    return answer;
  }

  async function commit(work: (tx: Tx) => Promise<TSendMailAnswer>) {
    const answer = await db.transaction(work);
    if (answer.queued > 0) deps.nudge();
    return answer;
  }

  async function bookingMails(
    user: TSessionUser,
    ids: number[],
    o: TOverride & { templateId?: number | undefined; state?: string | undefined; force: boolean },
  ) {
    assertMayEdit(user, o);
    return commit(async (tx) => {
      const items = [];
      for (const id of [...new Set(ids)]) {
        const ctx = await context(tx, user, id);
        const state = o.state ?? (o.templateId === undefined ? ctx.state : 'custom');
        const template = await pickTemplate(tx, o.templateId, state, ctx.language);
        if (!template && (o.subject === undefined || o.body === undefined)) throw noTemplate(state);
        const event =
          template && template.state !== 'custom' ? template.state : `custom${template?.id ?? ''}`;
        items.push({
          bookingId: id,
          to: o.to ?? ctx.to,
          row: composeBookingMail(user, ctx, template, { ...o, event }),
        });
      }
      return enqueueAll(tx, items);
    });
  }

  return {
    /** `POST /api/bookings/sendMail`: a template (by id, or by state in the booking's language) or a text. */
    sendBookingMails(
      user: TSessionUser,
      dto: TOverride & {
        bookingIds?: number[] | undefined;
        bookingId?: number | undefined;
        templateId?: number | undefined;
        state?: TMailTemplateState | undefined;
        force: boolean;
      },
    ) {
      const ids = dto.bookingIds ?? (dto.bookingId !== undefined ? [dto.bookingId] : []);
      return bookingMails(user, ids, dto);
    },

    /** `POST /api/bookings/sendGuestFormMail`: the guest-form request (template state `guestform`). */
    sendGuestFormMails(
      user: TSessionUser,
      dto: TOverride & { bookingIds?: number[]; bookingId?: number; force: boolean },
    ) {
      const ids = dto.bookingIds ?? (dto.bookingId !== undefined ? [dto.bookingId] : []);
      return bookingMails(user, ids, { ...dto, state: 'guestform' });
    },

    /** `POST /api/bookings/{id}/sendInvoice`: the latest invoice as PDF with the `invoice` template. */
    sendInvoice(
      user: TSessionUser,
      bookingId: number,
      dto: { to?: string; templateId?: number; force: boolean },
    ) {
      assertMayEdit(user, dto);
      return commit(async (tx) => {
        const ctx = await context(tx, user, bookingId);
        if (ctx.latestInvoiceId === null)
          throw new AppError(409, 'INVALID_STATE', `Booking ${ctx.values.bookingNo} has no invoice yet`);
        const template = await pickTemplate(tx, dto.templateId, 'invoice', ctx.language);
        if (!template) throw noTemplate('invoice');
        const kinds = (template.attachments as TMailAttachmentKind[]).filter((k) => k !== 'invoice');
        const row = composeBookingMail(user, ctx, template, {
          to: dto.to,
          attachments: kinds,
          event: `invoice:${ctx.latestInvoiceId}:mail`,
          force: dto.force,
          extra: [{ kind: 'invoice', invoiceId: ctx.latestInvoiceId }],
        });
        return enqueueAll(tx, [{ bookingId, to: row?.to ?? null, row }]);
      });
    },

    /** `POST /api/schedules/{schedule}/sendMail`: one mail per guest (with an address) of the departure. */
    sendScheduleMail(
      user: TSessionUser,
      scheduleId: number,
      dto: {
        templateId?: number | undefined;
        subject?: string | undefined;
        body?: string | undefined;
        force: boolean;
      },
    ) {
      return commit(async (tx) => {
        const schedule = await repo.scheduleExists(tx, scheduleId);
        if (!schedule) throw notFound('Schedule');
        const template =
          dto.templateId !== undefined ? await pickTemplate(tx, dto.templateId, 'custom', 'de') : undefined;
        const guests = await repo.departureGuests(tx, scheduleId);
        const items = [];
        const seen = new Set<string>();
        for (const guest of guests) {
          if (seen.has(guest.email)) continue;
          seen.add(guest.email);
          const ctx = await context(tx, user, guest.bookingId);
          const values = { ...ctx.values, guestName: guest.fullName };
          const content = template ? `t${template.id}` : hash(dto.subject, dto.body);
          const row = composeBookingMail(user, { ...ctx, values, customerId: guest.customerId }, template, {
            to: guest.email,
            subject: dto.subject,
            body: dto.body,
            event: `schedule:${scheduleId}:${content}:c${guest.customerId}`,
            force: dto.force,
          });
          items.push({ bookingId: guest.bookingId, to: guest.email, row });
        }
        return enqueueAll(tx, items);
      });
    },
  };
}

export type TMailService = ReturnType<typeof createMailService>;
