import type { TLanguage } from '@atoll/domain/constants';
import { nightsOf } from '@atoll/domain/inventory/availability';
import type { TMailValues } from '@atoll/domain/mail';
import { formatMoney } from '@atoll/domain/money';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { formatDocumentDate } from '../../documents/texts.ts';
import { leadGuestFormLink } from '../guestforms/guestforms.service.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createMailRepository } from './mail.repository.ts';

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
