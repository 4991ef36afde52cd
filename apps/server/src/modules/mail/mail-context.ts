import type { TLanguage } from '@atoll/domain/constants';
import { nightsOf } from '@atoll/domain/inventory/availability';
import type { TMailValues } from '@atoll/domain/mail';
import { formatMoney } from '@atoll/domain/money';
import { and, asc, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  bookingGuests,
  bookings,
  customers,
  invoices,
  resorts,
  settings,
  vessels,
} from '../../db/schema.ts';
import { formatDocumentDate } from '../../documents/texts.ts';
import { leadGuestFormLink } from '../guestforms/guestforms.service.ts';

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
  if (!row) return undefined;
  const b = row.booking;
  const lang: TLanguage = b.language === 'en' ? 'en' : 'de';
  const [guest] = await ex
    .select({ name: bookingGuests.name, fullName: customers.fullName, email: customers.email })
    .from(bookingGuests)
    .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
    .where(eq(bookingGuests.bookingId, b.id))
    .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id))
    .limit(1);
  const [withMail] = await ex
    .select({ email: customers.email })
    .from(bookingGuests)
    .innerJoin(customers, eq(customers.id, bookingGuests.customerId))
    .where(and(eq(bookingGuests.bookingId, b.id), isNotNull(customers.email)))
    .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id))
    .limit(1);
  const [invoice] = await ex
    .select({ id: invoices.id, publicToken: invoices.publicToken })
    .from(invoices)
    .where(eq(invoices.bookingId, b.id))
    .orderBy(desc(invoices.id))
    .limit(1);
  const [company] = await ex
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.group, 'company'), eq(settings.key, 'name')));
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
    to: row.customerEmail ?? withMail?.email ?? row.agencyEmail ?? null,
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
      company: typeof company?.value === 'string' ? company.value : 'Atoll',
      bookingLink: `${base}/booking/${b.id}`,
      invoiceLink: invoice ? `${base}/invoice/${invoice.publicToken}` : '',
      // The lead guest's multi-guest page (forms are created for every guest on the way).
      guestFormLink:
        (await leadGuestFormLink(ex, b.id, base)) ||
        `${base}/customer/guestform?booking=${encodeURIComponent(number)}`,
    },
  };
}
