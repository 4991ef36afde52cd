import type { TBalance, TEntriesQuery, TGroupBy, TPaymentsQuery } from '@atoll/domain/banks';
import { D } from '@atoll/domain/money';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { createBanksRepository, type TBankEntryRow, toBankEntry } from './banks.repository.ts';

// The read side of banks and entries (spec platform §7 Banks): a bank's entries, clearing an import,
// balance and cash flow per period, the manual and temporary payment lists.

/** At most this many periods in one balance (e.g. 3 years by day). */
export const MAX_PERIODS = 1200;

export function createBanksService(db: Db) {
  const repo = createBanksRepository();

  const existingBank = async (id: number) => {
    const bank = await repo.bank(db, id);
    if (!bank) throw notFound('Bank');
    return bank;
  };

  /** Entries with what was assigned from them (the entry list and the generic resource's `expand`). */
  const withAssignments = async (rows: readonly TBankEntryRow[]) => {
    const assignments = await repo.assignmentsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, assignments: assignments.get(r.id) ?? [] }));
  };

  return {
    withAssignments,
    /** The bank; 404 when there is none. */
    bank: existingBank,
    entry: (id: number) => repo.entry(db, id),

    async entries(bankId: number, query: TEntriesQuery) {
      await existingBank(bankId);
      if (query.from && query.to && query.to < query.from)
        throw badRequest('to must not be before from', 'to');
      const { rows, total } = await repo.entriesPage(db, bankId, query);
      return {
        data: (await withAssignments(rows)).map(toBankEntry),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /** Deletes the entries of one import, or the given ones; refused (409 HAS_PAYMENTS) when any was assigned. */
    async deleteEntries(
      bankId: number,
      query: { importId?: string | undefined; ids?: number[] | undefined },
    ) {
      await existingBank(bankId);
      const which = { bankId, importId: query.importId, ids: query.ids };
      return db.transaction(async (tx) => {
        const found = await repo.entriesWithAssignments(tx, which);
        if (found.total === 0) throw notFound('Bank entries');
        if (found.assigned.length > 0)
          throw new AppError(
            409,
            'HAS_PAYMENTS',
            `${found.assigned.length} of the entries have payments or credits assigned: un-assign them first`,
            found.assigned
              .slice(0, 100)
              .map((id) => ({ path: `entries/${id}`, code: 'HAS_PAYMENTS', message: 'assigned' })),
          );
        return { deleted: await repo.deleteEntries(tx, which) };
      });
    },

    /**
     * Opening balance at `from` (the accounts' opening balances plus their entries before it) and, per
     * period, in, out and the running balance. Without a bank: every account in the currency asked (else
     * the first account's currency); balances of different currencies are never added.
     */
    async balance(q: {
      from: string;
      to: string;
      groupBy: TGroupBy;
      bankId?: number | undefined;
      currency?: string | undefined;
    }): Promise<TBalance> {
      if (q.to < q.from) throw badRequest('to must not be before from', 'to');
      const periods = periodStarts(q.from, q.to, q.groupBy);
      if (periods.length > MAX_PERIODS)
        throw badRequest(
          `At most ${MAX_PERIODS} periods: choose a coarser groupBy or a shorter range`,
          'groupBy',
        );
      const banks = q.bankId ? [await existingBank(q.bankId)] : await repo.banksIn(db, q.currency);
      const currency = q.bankId ? (banks[0]?.currency ?? 'EUR') : (q.currency ?? banks[0]?.currency ?? 'EUR');
      const chosen = banks.filter((b) => b.currency === currency);
      const ids = chosen.map((b) => b.id);
      const openingDates = new Map(chosen.map((b) => [b.id, b.openingDate]));
      // An account opened after `from` adds its opening balance from its opening date on.
      const before = await repo.sumsBefore(db, ids, openingDates, q.from);
      const sums = await repo.sumsPerPeriod(db, ids, openingDates, q.groupBy, q.from, q.to);
      const byPeriod = new Map(sums.map((s) => [s.period, s]));
      let balance = chosen
        .filter((b) => !b.openingDate || b.openingDate <= q.from)
        .reduce((sum, b) => sum.plus(b.openingBalance), new D(before));
      const opening = balance.toFixed(2);
      const late = chosen.filter((b) => b.openingDate && b.openingDate > q.from);
      const out = periods.map((period, i) => {
        const next = periods[i + 1];
        for (const b of late)
          if (b.openingDate && b.openingDate >= period && (!next || b.openingDate < next))
            balance = balance.plus(b.openingBalance);
        const s = byPeriod.get(period);
        const incoming = new D(String(s?.in ?? '0'));
        const outgoing = new D(String(s?.out ?? '0'));
        balance = balance.plus(incoming).plus(outgoing);
        return {
          period,
          in: incoming.toFixed(2),
          out: outgoing.abs().toFixed(2),
          net: incoming.plus(outgoing).toFixed(2),
          balance: balance.toFixed(2),
        };
      });
      return {
        bankId: q.bankId ?? null,
        currency,
        from: q.from,
        to: q.to,
        groupBy: q.groupBy,
        opening,
        closing: balance.toFixed(2),
        periods: out,
      };
    },

    payments: (kind: 'manual' | 'temporary', query: TPaymentsQuery) => {
      if (query.from && query.to && query.to < query.from)
        throw badRequest('to must not be before from', 'to');
      return repo.paymentsPage(db, kind, query).then((r) => ({ ...r, page: query.page, size: query.size }));
    },
  };
}
export type TBanksService = ReturnType<typeof createBanksService>;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the period that holds `day` (weeks start on Monday, as date_trunc's do). */
export function periodStart(day: string, groupBy: TGroupBy): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (groupBy === 'year') return `${day.slice(0, 4)}-01-01`;
  if (groupBy === 'month') return `${day.slice(0, 7)}-01`;
  if (groupBy === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

/** The starts of the periods that touch [from, to], in order. */
export function periodStarts(from: string, to: string, groupBy: TGroupBy): string[] {
  const out: string[] = [];
  let current = periodStart(from, groupBy);
  while (current <= to && out.length <= MAX_PERIODS) {
    out.push(current);
    const d = new Date(`${current}T00:00:00Z`);
    if (groupBy === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (groupBy === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else if (groupBy === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCFullYear(d.getUTCFullYear() + 1);
    current = iso(d);
  }
  return out;
}
