import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { bookingVisibility } from '../../db/booking-conditions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  agencies,
  bookingDocuments,
  bookingGuests,
  bookingRooms,
  bookings,
  calculationLines,
  customers,
  documentTemplates,
  invoiceCounters,
  invoices,
  paymentProviders,
  payments,
  prices,
  resorts,
  rooms,
  roomTypes,
  schedules,
  storedFiles,
  textblocks,
  tours,
  vessels,
} from '../../db/schema.ts';
import { likeContains } from '../../http/filter.ts';

// What the booking documents and the invoice pages read and keep: the booking with its lines, rooms, guests
// and payments, templates and text blocks, stored PDFs, the invoice list.

export type TBookingRow = typeof bookings.$inferSelect;
export type TInvoiceRow = typeof invoices.$inferSelect;
export type TNewInvoiceRow = typeof invoices.$inferInsert;
export type TNewStoredFileRow = typeof storedFiles.$inferInsert;
export type TNewBookingDocumentRow = typeof bookingDocuments.$inferInsert;

/** The invoice list's filters (GET /api/invoices). */
export type TInvoiceFilter = {
  year?: number | undefined;
  bookingId?: number | undefined;
  kind?: string | undefined;
  search?: string | undefined;
};

export function createDocumentsRepository() {
  return {
    async booking(ex: Executor, id: number) {
      const [row] = await ex.select().from(bookings).where(eq(bookings.id, id));
      return row;
    },

    /** A booking the user may see by any of its numbers (offer, reservation, booking) or its id. */
    async bookingByNumber(ex: Executor, user: TSessionUser, value: string, byId: number | null) {
      const [row] = await ex
        .select({ id: bookings.id, state: bookings.state })
        .from(bookings)
        .where(
          and(
            or(
              eq(bookings.bookingNo, value),
              eq(bookings.reservationNo, value),
              eq(bookings.offerNo, value),
              ...(byId ? [eq(bookings.id, byId)] : []),
            ),
            bookingVisibility(user),
          ),
        )
        .orderBy(asc(bookings.id))
        .limit(1);
      return row;
    },

    /** The booking's vessel and state, if the user may see it. */
    async visibleBookingAsset(ex: Executor, user: TSessionUser, id: number) {
      const [row] = await ex
        .select({ vesselId: bookings.vesselId, state: bookings.state })
        .from(bookings)
        .where(and(eq(bookings.id, id), bookingVisibility(user)));
      return row;
    },

    /** The booking's id, state, agency and customer, if `actor` may see it (null: the system sees all). */
    async bookingOwners(ex: Executor, actor: TSessionUser | null, bookingId: number) {
      const [row] = await ex
        .select({
          id: bookings.id,
          state: bookings.state,
          agencyId: bookings.agencyId,
          customerId: bookings.customerId,
        })
        .from(bookings)
        .where(and(eq(bookings.id, bookingId), actor ? bookingVisibility(actor) : undefined));
      return row;
    },

    /** Locks the booking's row until the transaction ends. */
    async lockBooking(tx: Tx, bookingId: number) {
      await tx.execute(sql`select id from ${bookings} where ${bookings.id} = ${bookingId} for update`);
    },

    /** The chosen bookings the user may see, with payer names, by start. */
    reportRows(ex: Executor, user: TSessionUser, bookingIds: number[]) {
      return ex
        .select({
          id: bookings.id,
          state: bookings.state,
          offerNo: bookings.offerNo,
          reservationNo: bookings.reservationNo,
          bookingNo: bookings.bookingNo,
          from: bookings.from,
          to: bookings.to,
          pax: bookings.noOfPax,
          currency: bookings.currency,
          total: bookings.total,
          paid: bookings.paid,
          open: bookings.openAmount,
          customer: customers.fullName,
          agency: agencies.name,
        })
        .from(bookings)
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
        .where(and(inArray(bookings.id, bookingIds), bookingVisibility(user)))
        .orderBy(asc(bookings.from), asc(bookings.id));
    },

    /**
     * The year's next invoice number: the counter row is created if missing, then incremented by one UPDATE,
     * which holds its row lock until the transaction ends.
     */
    async nextInvoiceSeq(tx: Tx, year: number) {
      await tx.insert(invoiceCounters).values({ year, series: 'invoice', last: 0 }).onConflictDoNothing();
      const [row] = await tx
        .update(invoiceCounters)
        .set({ last: sql`${invoiceCounters.last} + 1` })
        .where(and(eq(invoiceCounters.year, year), eq(invoiceCounters.series, 'invoice')))
        .returning({ last: invoiceCounters.last });
      return row?.last;
    },

    async insertInvoice(tx: Tx, values: TNewInvoiceRow) {
      const [row] = await tx.insert(invoices).values(values).returning();
      return row;
    },

    async invoice(ex: Executor, id: number) {
      const [row] = await ex.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    /** The invoice, if the user may see its booking. */
    async visibleInvoice(ex: Executor, user: TSessionUser, id: number) {
      const [row] = await ex
        .select({ invoice: invoices })
        .from(invoices)
        .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
        .where(and(eq(invoices.id, id), bookingVisibility(user)));
      return row?.invoice;
    },

    async invoiceByToken(ex: Executor, token: string) {
      const [row] = await ex.select().from(invoices).where(eq(invoices.publicToken, token));
      return row;
    },

    /** Every invoice of the booking, oldest first. */
    invoicesOf(ex: Executor, bookingId: number) {
      return ex.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(invoices.id);
    },

    /** The id of the booking's newest invoice of any kind. */
    async latestInvoiceId(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.bookingId, bookingId))
        .orderBy(desc(invoices.id))
        .limit(1);
      return row?.id;
    },

    /** The booking's newest issued invoice (invoice, split or cancellation). */
    async latestIssuedInvoice(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.bookingId, bookingId),
            inArray(invoices.kind, ['invoice', 'split', 'cancellation']),
          ),
        )
        .orderBy(desc(invoices.id))
        .limit(1);
      return row;
    },

    /** The booking's numbers, to show which one it has. */
    async bookingNumbers(ex: Executor, id: number) {
      const [row] = await ex
        .select({
          id: bookings.id,
          bookingNo: bookings.bookingNo,
          reservationNo: bookings.reservationNo,
          offerNo: bookings.offerNo,
        })
        .from(bookings)
        .where(eq(bookings.id, id));
      return row;
    },

    calculationLines(ex: Executor, bookingId: number) {
      return ex
        .select()
        .from(calculationLines)
        .where(eq(calculationLines.bookingId, bookingId))
        .orderBy(asc(calculationLines.position), asc(calculationLines.id));
    },

    async priceTaxes(ex: Executor, priceIds: number[]) {
      if (priceIds.length === 0) return [];
      return ex.select({ id: prices.id, tax: prices.tax }).from(prices).where(inArray(prices.id, priceIds));
    },

    rooms(ex: Executor, bookingId: number) {
      return ex
        .select({
          id: bookingRooms.id,
          room: rooms.name,
          roomType: roomTypes.name,
          from: bookingRooms.from,
          to: bookingRooms.to,
        })
        .from(bookingRooms)
        .innerJoin(rooms, eq(rooms.id, bookingRooms.roomId))
        .leftJoin(roomTypes, eq(roomTypes.id, bookingRooms.roomTypeId))
        .where(eq(bookingRooms.bookingId, bookingId))
        .orderBy(asc(bookingRooms.sort), asc(bookingRooms.id));
    },

    guests(ex: Executor, bookingId: number) {
      return ex
        .select({
          id: bookingGuests.id,
          roomId: bookingGuests.bookingRoomId,
          customerId: bookingGuests.customerId,
          name: bookingGuests.name,
          gender: bookingGuests.gender,
          age: bookingGuests.age,
          fullName: customers.fullName,
          nationality: customers.nationality,
          email: customers.email,
          phone: customers.phone,
        })
        .from(bookingGuests)
        .leftJoin(customers, eq(customers.id, bookingGuests.customerId))
        .where(eq(bookingGuests.bookingId, bookingId))
        .orderBy(asc(bookingGuests.bookingRoomId), asc(bookingGuests.sort), asc(bookingGuests.id));
    },

    async resortName(ex: Executor, id: number) {
      const [row] = await ex.select({ name: resorts.name }).from(resorts).where(eq(resorts.id, id));
      return row;
    },

    async vesselName(ex: Executor, id: number) {
      const [row] = await ex.select({ name: vessels.name }).from(vessels).where(eq(vessels.id, id));
      return row;
    },

    async scheduleTourId(ex: Executor, scheduleId: number) {
      const [row] = await ex
        .select({ tourId: schedules.tourId })
        .from(schedules)
        .where(eq(schedules.id, scheduleId));
      return row?.tourId;
    },

    async tourName(ex: Executor, id: number) {
      const [row] = await ex.select({ name: tours.name }).from(tours).where(eq(tours.id, id));
      return row;
    },

    async customerParty(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: customers.id, name: customers.fullName, address: customers.address })
        .from(customers)
        .where(eq(customers.id, id));
      return row;
    },

    /**
     * The e-mail of the billed agency or customer (the e-invoice's buyer address, BT-49); for a customer
     * without one, the first guest's of the booking that has one.
     */
    async partyEmail(ex: Executor, bookingId: number, party: { agencyId?: number; customerId?: number }) {
      if (party.agencyId) {
        const [row] = await ex
          .select({ email: agencies.email })
          .from(agencies)
          .where(eq(agencies.id, party.agencyId));
        return row?.email ?? null;
      }
      const [row] = await ex
        .select({ email: customers.email })
        .from(customers)
        .leftJoin(bookingGuests, eq(bookingGuests.customerId, customers.id))
        .where(
          and(
            sql`${customers.email} is not null and ${customers.email} <> ''`,
            or(eq(customers.id, party.customerId ?? 0), eq(bookingGuests.bookingId, bookingId)),
          ),
        )
        .orderBy(sql`${customers.id} = ${party.customerId ?? 0} desc`, asc(bookingGuests.id))
        .limit(1);
      return row?.email ?? null;
    },

    /** The agency's Leitweg-ID (the buyer reference of its e-invoices), if it has one. */
    async agencyLeitwegId(ex: Executor, agencyId: number) {
      const [row] = await ex
        .select({ leitwegId: agencies.leitwegId })
        .from(agencies)
        .where(eq(agencies.id, agencyId));
      return row?.leitwegId ?? null;
    },

    /** The invoices dated in a period, by number (the DATEV export). */
    invoicesBetween(ex: Executor, from: string, to: string) {
      return ex
        .select()
        .from(invoices)
        .where(and(gte(invoices.date, from), lte(invoices.date, to)))
        .orderBy(asc(invoices.date), asc(invoices.id));
    },

    /** The payments but temporary ones dated in a period, with their booking's number and payer. */
    paymentsBetween(ex: Executor, from: string, to: string) {
      return ex
        .select({
          date: payments.date,
          amount: payments.amount,
          currency: payments.currency,
          bookingNo: sql<string>`coalesce(${bookings.bookingNo}, ${bookings.reservationNo}, ${bookings.offerNo}, ${bookings.id}::text)`,
          payer: sql<string>`coalesce(${agencies.name}, ${customers.fullName}, '')`,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .leftJoin(agencies, eq(agencies.id, payments.payerAgencyId))
        .leftJoin(customers, eq(customers.id, payments.payerCustomerId))
        .where(and(gte(payments.date, from), lte(payments.date, to), ne(payments.status, 'temporary')))
        .orderBy(asc(payments.date), asc(payments.id));
    },

    async agencyParty(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: agencies.id, name: agencies.name, address: agencies.address, taxId: agencies.taxId })
        .from(agencies)
        .where(eq(agencies.id, id));
      return row;
    },

    /** The booking's payments but temporary ones, by date. */
    payments(ex: Executor, bookingId: number) {
      return ex
        .select({
          date: payments.date,
          amount: payments.amount,
          currency: payments.currency,
          rate: payments.rate,
        })
        .from(payments)
        .where(and(eq(payments.bookingId, bookingId), ne(payments.status, 'temporary')))
        .orderBy(asc(payments.date), asc(payments.id));
    },

    async template(ex: Executor, id: number) {
      const [row] = await ex.select().from(documentTemplates).where(eq(documentTemplates.id, id));
      return row;
    },

    /** The first active template of a kind. */
    async defaultTemplate(ex: Executor, kind: string) {
      const [row] = await ex
        .select()
        .from(documentTemplates)
        .where(and(eq(documentTemplates.kind, kind), eq(documentTemplates.isActive, true)))
        .orderBy(asc(documentTemplates.sort), asc(documentTemplates.id))
        .limit(1);
      return row;
    },

    activeTemplates(ex: Executor) {
      return ex
        .select({ id: documentTemplates.id, name: documentTemplates.name, kind: documentTemplates.kind })
        .from(documentTemplates)
        .where(eq(documentTemplates.isActive, true))
        .orderBy(asc(documentTemplates.sort), asc(documentTemplates.id));
    },

    async setTemplateTexts(ex: Executor, id: number, texts: Record<string, unknown>) {
      await ex
        .update(documentTemplates)
        .set({ texts, updatedAt: new Date() })
        .where(eq(documentTemplates.id, id));
    },

    async textblocks(ex: Executor, ids: number[]) {
      if (ids.length === 0) return [];
      return ex.select().from(textblocks).where(inArray(textblocks.id, ids));
    },

    /** The configs of the active bank_transfer providers, in their order. */
    bankTransferConfigs(ex: Executor) {
      return ex
        .select({ config: paymentProviders.config })
        .from(paymentProviders)
        .where(and(eq(paymentProviders.type, 'bank_transfer'), eq(paymentProviders.isActive, true)))
        .orderBy(asc(paymentProviders.sort), asc(paymentProviders.id));
    },

    async invoiceNumberDate(ex: Executor, id: number) {
      const [row] = await ex
        .select({ number: invoices.number, date: invoices.date })
        .from(invoices)
        .where(eq(invoices.id, id));
      return row;
    },

    /** The invoices that cancel this one. */
    cancellationsOf(ex: Executor, invoiceId: number) {
      return ex.select({ id: invoices.id }).from(invoices).where(eq(invoices.cancelsId, invoiceId));
    },

    /** One page of the invoices the user may see, newest first, with the booking's numbers. */
    async invoicePage(
      ex: Executor,
      user: TSessionUser,
      filter: TInvoiceFilter,
      page: { size: number; offset: number },
    ) {
      const where = and(
        bookingVisibility(user),
        filter.year ? eq(invoices.year, filter.year) : undefined,
        filter.bookingId ? eq(invoices.bookingId, filter.bookingId) : undefined,
        filter.kind ? eq(invoices.kind, filter.kind) : undefined,
        filter.search
          ? or(
              ilike(invoices.number, likeContains(filter.search)),
              sql`${invoices.recipient}->>'name' ilike ${likeContains(filter.search)}`,
            )
          : undefined,
      );
      const [total] = await ex
        .select({ n: count() })
        .from(invoices)
        .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
        .where(where);
      const rows = await ex
        .select({
          invoice: invoices,
          bookingNo: bookings.bookingNo,
          reservationNo: bookings.reservationNo,
          offerNo: bookings.offerNo,
          bookingId: bookings.id,
          cancelledById: sql<
            number | null
          >`(select c.id from invoices c where c.cancels_id = ${invoices.id} limit 1)`,
        })
        .from(invoices)
        .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
        .where(where)
        .orderBy(desc(invoices.year), desc(invoices.seq))
        .limit(page.size)
        .offset(page.offset);
      return { total: total?.n ?? 0, rows };
    },

    async insertStoredFile(ex: Executor, values: TNewStoredFileRow) {
      const [row] = await ex.insert(storedFiles).values(values).returning({ id: storedFiles.id });
      return row;
    },

    async insertBookingDocument(ex: Executor, values: TNewBookingDocumentRow) {
      const [row] = await ex.insert(bookingDocuments).values(values).returning();
      return row;
    },

    /** One kept document's file, if it belongs to the booking. */
    async storedDocument(ex: Executor, bookingId: number, documentId: number) {
      const [row] = await ex
        .select({
          name: storedFiles.name,
          data: storedFiles.data,
          mime: storedFiles.mime,
          kind: bookingDocuments.kind,
          fileId: bookingDocuments.fileId,
          userId: bookingDocuments.userId,
        })
        .from(bookingDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, bookingDocuments.fileId))
        .where(and(eq(bookingDocuments.id, documentId), eq(bookingDocuments.bookingId, bookingId)));
      return row;
    },

    /** A stored file and so the booking document kept with it (its foreign key cascades). */
    async deleteStoredFile(ex: Executor, fileId: number) {
      await ex.delete(storedFiles).where(eq(storedFiles.id, fileId));
    },

    /** The documents kept with a booking, newest first. */
    storedDocuments(ex: Executor, bookingId: number) {
      return ex
        .select({
          id: bookingDocuments.id,
          bookingId: bookingDocuments.bookingId,
          kind: bookingDocuments.kind,
          templateId: bookingDocuments.templateId,
          fileId: bookingDocuments.fileId,
          name: storedFiles.name,
          mime: storedFiles.mime,
          size: storedFiles.size,
          userId: bookingDocuments.userId,
          createdAt: bookingDocuments.createdAt,
        })
        .from(bookingDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, bookingDocuments.fileId))
        .where(eq(bookingDocuments.bookingId, bookingId))
        .orderBy(desc(bookingDocuments.id));
    },
  };
}
export type TDocumentsRepository = ReturnType<typeof createDocumentsRepository>;
