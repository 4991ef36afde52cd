import type {
  TAssignment,
  TBank,
  TBankEntry,
  TPaymentRow,
  TPaymentsQuery,
  TSuggestion,
} from '@atoll/domain/banks';
import type { TMatchCandidate } from '@atoll/domain/banks/matching';
import { nextDueAmount } from '@atoll/domain/banks/matching';
import type { TCsvMapping } from '@atoll/domain/banks/statement';
import { D } from '@atoll/domain/money';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { bookingNumber } from '../../db/booking-conditions.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  agencies,
  bankAccounts,
  bankEntries,
  bookings,
  calculationLines,
  creditEntries,
  customers,
  invoices,
  payments,
} from '../../db/schema.ts';

// The only Drizzle file of the banks module: accounts, entries, what was assigned from them, the
// bookings an entry may pay (matching candidates), sums for balance and cash flow, and the payment lists.

export type TBankRow = typeof bankAccounts.$inferSelect;
export type TBankEntryRow = typeof bankEntries.$inferSelect;
export type TBankEntryInsert = typeof bankEntries.$inferInsert;

/** Bookings whose payments moved on or that are gone take no payment (as the payments core says). */
const CLOSED_STATES = ['deleted', 'rebooked', 'splitted'];
const NOT_OWED = ['Info', 'ForFree', 'OnSite'];
const INSERT_BATCH = 1000;

const isMapping = (value: unknown): value is TCsvMapping =>
  typeof value === 'object' && value !== null && 'columns' in value;

export const toBank = (row: TBankRow): TBank => ({
  id: row.id,
  name: row.name,
  bankName: row.bankName,
  accountHolder: row.accountHolder,
  iban: row.iban,
  bic: row.bic,
  currency: row.currency,
  openingBalance: row.openingBalance,
  openingDate: row.openingDate,
  csvMapping: isMapping(row.csvMapping) ? row.csvMapping : null,
  autoAssign: row.autoAssign,
  isActive: row.isActive,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type TEntryWithAssignments = TBankEntryRow & { assignments?: TAssignment[] };

export const toBankEntry = (row: TEntryWithAssignments): TBankEntry => ({
  id: row.id,
  bankId: row.bankId,
  date: row.date,
  amount: row.amount,
  currency: row.currency,
  counterparty: row.counterparty,
  reference: row.reference,
  externalId: row.externalId,
  assigned: new D(row.assigned).toFixed(2),
  open: new D(row.amount).minus(row.assigned).toFixed(2),
  suggestions: (Array.isArray(row.suggestions) ? row.suggestions : []) as TSuggestion[],
  assignments: row.assignments ?? [],
  importId: row.importId,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
});

/** Which entries: every condition given holds. */
export type TEntryFilter = {
  id?: number | undefined;
  bankId?: number | undefined;
  importId?: string | undefined;
  ids?: number[] | undefined;
};

const entryWhere = (f: TEntryFilter) =>
  and(
    f.id !== undefined ? eq(bankEntries.id, f.id) : undefined,
    f.bankId !== undefined ? eq(bankEntries.bankId, f.bankId) : undefined,
    f.importId !== undefined ? eq(bankEntries.importId, f.importId) : undefined,
    f.ids !== undefined ? inArray(bankEntries.id, f.ids) : undefined,
  );

export function createBanksRepository() {
  return {
    async bank(ex: Executor, id: number): Promise<TBankRow | undefined> {
      const [row] = await ex.select().from(bankAccounts).where(eq(bankAccounts.id, id));
      return row;
    },

    async banksIn(ex: Executor, currency: string | undefined): Promise<TBankRow[]> {
      return ex
        .select()
        .from(bankAccounts)
        .where(currency ? eq(bankAccounts.currency, currency) : undefined)
        .orderBy(asc(bankAccounts.id));
    },

    async setMapping(tx: Tx, bankId: number, mapping: TCsvMapping) {
      await tx
        .update(bankAccounts)
        .set({ csvMapping: mapping, updatedAt: new Date() })
        .where(eq(bankAccounts.id, bankId));
    },

    async entry(ex: Executor, id: number): Promise<TBankEntryRow | undefined> {
      const [row] = await ex.select().from(bankEntries).where(eq(bankEntries.id, id));
      return row;
    },

    async hasEntries(ex: Executor, bankId: number): Promise<boolean> {
      const [row] = await ex
        .select({ id: bankEntries.id })
        .from(bankEntries)
        .where(eq(bankEntries.bankId, bankId))
        .limit(1);
      return row !== undefined;
    },

    /** The entry under a row lock: assignments from it are serialised. */
    async lockEntry(tx: Tx, id: number): Promise<TBankEntryRow | undefined> {
      const [row] = await tx.select().from(bankEntries).where(eq(bankEntries.id, id)).for('update');
      return row;
    },

    async addAssigned(tx: Tx, id: number, delta: string) {
      await tx
        .update(bankEntries)
        .set({ assigned: sql`${bankEntries.assigned} + ${delta}::numeric` })
        .where(eq(bankEntries.id, id));
    },

    async entriesPage(
      ex: Executor,
      bankId: number,
      q: {
        page: number;
        size: number;
        from?: string | undefined;
        to?: string | undefined;
        status: string;
        search?: string | undefined;
      },
    ) {
      const conditions: (SQL | undefined)[] = [eq(bankEntries.bankId, bankId)];
      if (q.from) conditions.push(gte(bankEntries.date, q.from));
      if (q.to) conditions.push(lte(bankEntries.date, q.to));
      if (q.status === 'assigned') conditions.push(sql`${bankEntries.assigned} = ${bankEntries.amount}`);
      if (q.status === 'unassigned')
        conditions.push(sql`${bankEntries.amount} > 0 and ${bankEntries.assigned} < ${bankEntries.amount}`);
      if (q.search) {
        const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            sql`${bankEntries.reference} ilike ${like}`,
            sql`${bankEntries.counterparty} ilike ${like}`,
            sql`${bankEntries.externalId} ilike ${like}`,
          ),
        );
      }
      const where = and(...conditions);
      const [total] = await ex.select({ n: count() }).from(bankEntries).where(where);
      const rows = await ex
        .select()
        .from(bankEntries)
        .where(where)
        .orderBy(desc(bankEntries.date), desc(bankEntries.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return { rows, total: total?.n ?? 0 };
    },

    /** What was assigned from these entries: booking payments and credit entries, by entry. */
    async assignmentsOf(ex: Executor, entryIds: readonly number[]): Promise<Map<number, TAssignment[]>> {
      const out = new Map<number, TAssignment[]>();
      if (entryIds.length === 0) return out;
      const ids = [...entryIds];
      const [paid, credited] = await Promise.all([
        ex
          .select({
            id: payments.id,
            entryId: payments.bankEntryId,
            bookingId: payments.bookingId,
            number: bookingNumber,
            amount: payments.amount,
            currency: payments.currency,
          })
          .from(payments)
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .where(inArray(payments.bankEntryId, ids))
          .orderBy(asc(payments.id)),
        ex
          .select()
          .from(creditEntries)
          .where(inArray(creditEntries.bankEntryId, ids))
          .orderBy(asc(creditEntries.id)),
      ]);
      const add = (entryId: number | null, a: TAssignment) => {
        if (entryId === null) return;
        out.set(entryId, [...(out.get(entryId) ?? []), a]);
      };
      for (const p of paid)
        add(p.entryId, {
          kind: 'payment',
          id: p.id,
          bookingId: p.bookingId,
          number: p.number,
          customerId: null,
          agencyId: null,
          amount: new D(p.amount).toFixed(2),
          currency: p.currency,
        });
      for (const c of credited)
        add(c.bankEntryId, {
          kind: 'credit',
          id: c.id,
          bookingId: c.bookingId,
          number: null,
          customerId: c.customerId,
          agencyId: c.agencyId,
          amount: new D(c.amount).toFixed(2),
          currency: c.currency,
        });
      return out;
    },

    /** Entries of this bank among the ids that have payments or credit entries assigned. */
    async entriesWithAssignments(
      ex: Executor,
      filter: TEntryFilter,
    ): Promise<{ total: number; assigned: number[] }> {
      const rows = await ex
        .select({ id: bankEntries.id, assigned: bankEntries.assigned })
        .from(bankEntries)
        .where(entryWhere(filter));
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return { total: 0, assigned: [] };
      const [p, c] = await Promise.all([
        ex
          .selectDistinct({ id: payments.bankEntryId })
          .from(payments)
          .where(inArray(payments.bankEntryId, ids)),
        ex
          .selectDistinct({ id: creditEntries.bankEntryId })
          .from(creditEntries)
          .where(inArray(creditEntries.bankEntryId, ids)),
      ]);
      const assigned = new Set<number>(rows.filter((r) => !new D(r.assigned).isZero()).map((r) => r.id));
      for (const r of [...p, ...c]) if (r.id !== null) assigned.add(r.id);
      return { total: ids.length, assigned: [...assigned] };
    },

    async deleteEntries(tx: Tx, filter: TEntryFilter): Promise<number> {
      const rows = await tx.delete(bankEntries).where(entryWhere(filter)).returning({ id: bankEntries.id });
      return rows.length;
    },

    /** External ids of this bank that exist already. */
    async existingExternalIds(ex: Executor, bankId: number, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      // One join against the ids as an array: an IN list per batch was checked row by row against every entry
      // of the bank once the bank held thousands (seconds for a statement imported twice on PostgreSQL).
      const rows = await ex
        .select({ id: bankEntries.externalId })
        .from(bankEntries)
        .innerJoin(
          sql`unnest(${sql.param([...ids])}::text[]) as sent(id)`,
          sql`${bankEntries.externalId} = sent.id`,
        )
        .where(eq(bankEntries.bankId, bankId));
      return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
    },

    /** (date, amount, reference) of this bank's entries within the days: the duplicate check without ids. */
    async entryKeysBetween(ex: Executor, bankId: number, from: string, to: string) {
      return ex
        .select({ date: bankEntries.date, amount: bankEntries.amount, reference: bankEntries.reference })
        .from(bankEntries)
        .where(and(eq(bankEntries.bankId, bankId), gte(bankEntries.date, from), lte(bankEntries.date, to)));
    },

    async insertEntries(tx: Tx, values: readonly TBankEntryInsert[]): Promise<TBankEntryRow[]> {
      const out: TBankEntryRow[] = [];
      for (let i = 0; i < values.length; i += INSERT_BATCH) {
        out.push(
          ...(await tx
            .insert(bankEntries)
            .values(values.slice(i, i + INSERT_BATCH))
            .returning()),
        );
      }
      return out;
    },

    async setSuggestions(tx: Tx, id: number, suggestions: readonly TSuggestion[]) {
      await tx.update(bankEntries).set({ suggestions }).where(eq(bankEntries.id, id));
    },

    /** Bookings carrying one of these numbers (offer, reservation or booking number). */
    async candidatesByNumbers(ex: Executor, numbers: readonly string[]): Promise<TMatchCandidate[]> {
      if (numbers.length === 0) return [];
      const list = [...numbers];
      return candidates(
        ex,
        or(
          inArray(bookings.bookingNo, list),
          inArray(bookings.reservationNo, list),
          inArray(bookings.offerNo, list),
        ),
      );
    },

    /** The bookings of these invoice numbers, each with the numbers of its invoices among them. */
    async candidatesByInvoiceNumbers(ex: Executor, numbers: readonly string[]): Promise<TMatchCandidate[]> {
      if (numbers.length === 0) return [];
      const found = await ex
        .select({ bookingId: invoices.bookingId, number: invoices.number })
        .from(invoices)
        .where(and(inArray(invoices.number, [...numbers]), sql`${invoices.kind} <> 'cancellation'`));
      if (found.length === 0) return [];
      const rows = await candidates(ex, inArray(bookings.id, [...new Set(found.map((f) => f.bookingId))]));
      return rows.map((c) =>
        Object.assign(c, {
          invoiceNumbers: found.filter((f) => f.bookingId === c.bookingId).map((f) => f.number),
        }),
      );
    },

    /** Bookings in this currency whose open amount is one of these (the name matching). */
    async candidatesByOpenAmount(ex: Executor, currency: string, amounts: readonly string[]) {
      if (amounts.length === 0) return [];
      return candidates(
        ex,
        and(
          eq(bookings.currency, currency),
          inArray(bookings.openAmount, [...amounts]),
          sql`${bookings.openAmount} > 0`,
        ),
      );
    },

    /** The booking's temporary payment of this amount and currency not yet seen in an entry. */
    async temporaryPayment(tx: Tx, bookingId: number, amount: string, currency: string) {
      const [row] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, bookingId),
            eq(payments.status, 'temporary'),
            isNull(payments.bankEntryId),
            eq(payments.currency, currency),
            eq(payments.amount, new D(amount).toFixed(2)),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(1);
      return row;
    },

    /** The credit entry `id` when it came from the bank entry `bankEntryId`. */
    async creditFromEntry(ex: Executor, id: number, bankEntryId: number) {
      const [row] = await ex
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.id, id), eq(creditEntries.bankEntryId, bankEntryId)));
      return row;
    },

    async deleteCredit(tx: Tx, id: number) {
      await tx.delete(creditEntries).where(eq(creditEntries.id, id));
    },

    async payment(ex: Executor, id: number) {
      const [row] = await ex.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    async booking(ex: Executor, id: number) {
      const [row] = await ex
        .select({
          id: bookings.id,
          currency: bookings.currency,
          state: bookings.state,
          customerId: bookings.customerId,
          agencyId: bookings.agencyId,
        })
        .from(bookings)
        .where(eq(bookings.id, id));
      return row;
    },

    /** Σ entries before `from` (from the opening date on) and Σ in/out per period within [from, to]. */
    async sumsBefore(
      ex: Executor,
      bankIds: readonly number[],
      openingDates: Map<number, string | null>,
      from: string,
    ) {
      if (bankIds.length === 0) return '0';
      const conditions = bankIds.map((id) => {
        const opening = openingDates.get(id);
        return and(
          eq(bankEntries.bankId, id),
          lt(bankEntries.date, from),
          opening ? gte(bankEntries.date, opening) : undefined,
        );
      });
      const [row] = await ex
        .select({ sum: sql<string>`coalesce(sum(${bankEntries.amount}), 0)` })
        .from(bankEntries)
        .where(or(...conditions));
      return String(row?.sum ?? '0');
    },

    async sumsPerPeriod(
      ex: Executor,
      bankIds: readonly number[],
      openingDates: Map<number, string | null>,
      unit: 'day' | 'week' | 'month' | 'year',
      from: string,
      to: string,
    ) {
      if (bankIds.length === 0) return [];
      const conditions = bankIds.map((id) => {
        const opening = openingDates.get(id);
        return and(eq(bankEntries.bankId, id), opening ? gte(bankEntries.date, opening) : undefined);
      });
      const period = sql<string>`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${bankEntries.date}::timestamp), 'YYYY-MM-DD')`;
      return ex
        .select({
          period,
          in: sql<string>`coalesce(sum(${bankEntries.amount}) filter (where ${bankEntries.amount} > 0), 0)`,
          out: sql<string>`coalesce(sum(${bankEntries.amount}) filter (where ${bankEntries.amount} < 0), 0)`,
        })
        .from(bankEntries)
        .where(and(gte(bankEntries.date, from), lte(bankEntries.date, to), or(...conditions)))
        .groupBy(period);
    },

    /** Payments of the manual or temporary list, newest first. */
    async paymentsPage(ex: Executor, kind: 'manual' | 'temporary', q: TPaymentsQuery) {
      const conditions: (SQL | undefined)[] =
        kind === 'temporary'
          ? [eq(payments.status, 'temporary')]
          : [
              eq(payments.status, 'final'),
              isNull(payments.bankEntryId),
              notInArray(payments.method, ['provider', 'credit']),
            ];
      if (q.method) conditions.push(eq(payments.method, q.method));
      if (q.from) conditions.push(gte(payments.date, q.from));
      if (q.to) conditions.push(lte(payments.date, q.to));
      if (q.search) {
        const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(sql`${bookings.searchText} like ${like}`, sql`${payments.reference} ilike ${like}`),
        );
      }
      const where = and(...conditions);
      const [total] = await ex
        .select({ n: count() })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(where);
      const rows = await ex
        .select({
          id: payments.id,
          bookingId: payments.bookingId,
          number: bookingNumber,
          customerName: customers.fullName,
          date: payments.date,
          amount: payments.amount,
          currency: payments.currency,
          method: payments.method,
          status: payments.status,
          reference: payments.reference,
          bankEntryId: payments.bankEntryId,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .leftJoin(customers, eq(customers.id, bookings.customerId))
        .where(where)
        .orderBy(desc(payments.date), desc(payments.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      return {
        data: rows.map(
          (r): TPaymentRow => ({
            ...r,
            amount: new D(r.amount).toFixed(2),
            method: r.method as TPaymentRow['method'],
            status: r.status as TPaymentRow['status'],
            createdAt: r.createdAt.toISOString(),
          }),
        ),
        total: total?.n ?? 0,
      };
    },
  };
}
export type TBanksRepository = ReturnType<typeof createBanksRepository>;

/** The matching candidates: open and next due amounts, payer names and expected (temporary) payments. */
async function candidates(ex: Executor, where: SQL | undefined): Promise<TMatchCandidate[]> {
  const rows = await ex
    .select({
      id: bookings.id,
      offerNo: bookings.offerNo,
      reservationNo: bookings.reservationNo,
      bookingNo: bookings.bookingNo,
      currency: bookings.currency,
      openAmount: bookings.openAmount,
      paid: bookings.paid,
      customerName: customers.fullName,
      agencyName: agencies.name,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(and(where, notInArray(bookings.state, CLOSED_STATES)))
    .limit(2000);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, temporary] = await Promise.all([
    ex
      .select({
        bookingId: calculationLines.bookingId,
        total: calculationLines.total,
        customData: calculationLines.customData,
      })
      .from(calculationLines)
      .where(
        and(
          inArray(calculationLines.bookingId, ids),
          inArray(calculationLines.type, ['deposit', 'rest']),
          notInArray(calculationLines.customerType, NOT_OWED),
        ),
      ),
    ex
      .select({ bookingId: payments.bookingId, amount: payments.amount, currency: payments.currency })
      .from(payments)
      .where(
        and(inArray(payments.bookingId, ids), eq(payments.status, 'temporary'), isNull(payments.bankEntryId)),
      ),
  ]);
  return rows.map((r) => {
    const dues = lines
      .filter((l) => l.bookingId === r.id)
      .map((l) => ({
        amount: l.total,
        dueDate: String((l.customData as { dueDate?: string }).dueDate ?? ''),
      }));
    return {
      bookingId: r.id,
      offerNo: r.offerNo,
      reservationNo: r.reservationNo,
      bookingNo: r.bookingNo,
      currency: r.currency,
      openAmount: r.openAmount,
      nextDueAmount: nextDueAmount(dues, r.paid),
      names: [r.customerName, r.agencyName].filter((n): n is string => Boolean(n)),
      temporaryAmounts: temporary.filter((t) => t.bookingId === r.id),
    };
  });
}
