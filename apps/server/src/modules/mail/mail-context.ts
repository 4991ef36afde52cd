import type { TLanguage } from '@atoll/domain/constants';
import { nightsOf } from '@atoll/domain/inventory/availability';
import {
  fillHtml,
  fillSubject,
  fillText,
  type TMailAttachmentKind,
  type TMailValues,
} from '@atoll/domain/mail';
import { formatMoney } from '@atoll/domain/money';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { formatDocumentDate } from '../../documents/texts.ts';
import { leadGuestFormLink } from '../guestforms/guestforms.service.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createMailRepository, type TMailTemplateRow, type TNewQueueRow } from './mail.repository.ts';

const repo = createMailRepository();

const settingsRepository = createSettingsRepository();

// What a booking mail's {{placeholders}} become, and whom it goes to: the booking's customer, else its
// first guest with an address, else its agency.

export type TBookingMailContext = {
  bookingId: number;
  version: number;
  state: string;
  language: TLanguage;
  agencyId: number | null;
  customerId: number | null;
  to: string | null;
  latestInvoiceId: number | null;
  values: TMailValues;
};

/** The booking as `where` (the user's visibility) lets it be seen; undefined when not. */
export async function loadBookingMailContext(
  ex: Executor,
  bookingId: number,
  appUrl: string,
  where?: SQL,
): Promise<TBookingMailContext | undefined> {
  const row = await repo.bookingForMail(ex, bookingId, where);
  if (!row) return undefined;
  const b = row.booking;
  const lang: TLanguage = b.language === 'en' ? 'en' : 'de';
  const guest = await repo.leadGuest(ex, b.id);
  const withMail = await repo.firstGuestEmail(ex, b.id);
  const invoice = await repo.latestInvoice(ex, b.id);
  const company = await settingsRepository.value(ex, 'company', 'name');
  const number = b.bookingNo ?? b.reservationNo ?? b.offerNo ?? String(b.id);
  const money = (amount: string) => formatMoney(amount, b.currency, lang);
  const base = appUrl.replace(/\/+$/, '');
  return {
    bookingId: b.id,
    version: b.version,
    state: b.state,
    language: lang,
    agencyId: b.agencyId,
    customerId: b.customerId,
    to: row.customerEmail ?? withMail ?? row.agencyEmail ?? null,
    latestInvoiceId: invoice?.id ?? null,
    values: {
      bookingNo: number,
      guestName: row.customerName ?? guest?.fullName ?? guest?.name ?? '',
      from: formatDocumentDate(b.from, lang),
      to: formatDocumentDate(b.to, lang),
      nights: String(nightsOf(b.from, b.to).length),
      asset: [row.resortName, row.vesselName].filter(Boolean).join(', '),
      pax: String(b.noOfPax),
      total: money(b.total),
      paid: money(b.paid),
      openAmount: money(b.openAmount),
      currency: b.currency,
      nextDueDate: formatDocumentDate(b.nextDueDate, lang),
      company: typeof company === 'string' ? company : 'Atoll',
      bookingLink: `${base}/booking/${b.id}`,
      invoiceLink: invoice ? `${base}/invoice/${invoice.publicToken}` : '',
      // The lead guest's multi-guest page (forms are created for every guest on the way).
      guestFormLink:
        (await leadGuestFormLink(ex, b.id, base)) ||
        `${base}/customer/guestform?booking=${encodeURIComponent(number)}`,
    },
  };
}

/**
 * A template mailed for a booking, as a queue row: the placeholders filled from `ctx`, the template's
 * attachments (an invoice only with `withInvoice` and when the booking has one), to the booking's address.
 * A test (`test.to`) goes to that address instead, marked [Test] and tied to no booking, customer or agency.
 */
export function templateMailRow(
  ctx: TBookingMailContext & { to: string },
  template: TMailTemplateRow,
  o: { dedupKey: string | null; userId: number | null; withInvoice: boolean; test?: { to: string } },
): TNewQueueRow {
  const invoiceId = o.withInvoice ? ctx.latestInvoiceId : null;
  const kinds = (template.attachments as TMailAttachmentKind[]).filter(
    (kind) => kind !== 'invoice' || invoiceId !== null,
  );
  const subject = fillSubject(template.subject, ctx.values);
  return {
    dedupKey: o.dedupKey,
    accountId: template.accountId,
    templateId: template.id,
    to: o.test?.to ?? ctx.to,
    subject: o.test ? `[Test] ${subject}` : subject,
    text: fillText(template.body, ctx.values),
    html: fillHtml(template.body, ctx.values),
    attachments: kinds.map((kind) =>
      kind === 'invoice' && invoiceId !== null ? { kind, invoiceId } : { kind, bookingId: ctx.bookingId },
    ),
    bookingId: o.test ? null : ctx.bookingId,
    customerId: o.test ? null : ctx.customerId,
    agencyId: o.test ? null : ctx.agencyId,
    status: 'queued',
    userId: o.userId,
  };
}
