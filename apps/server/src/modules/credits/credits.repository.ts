import type { TListQuery } from '@atoll/domain/list';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { agencies, creditEntries, customers } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { compileFilter, compileSearch, type TListFields } from '../../http/filter.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';

export type TCreditEntryRow = typeof creditEntries.$inferSelect;
export type TLedgerOwner = { kind: 'customer' | 'agency'; id: number };
/** Whose ledgers a list shows: all, or those of one customer and/or the customers of one agency. */
export type TVisibility = 'all' | { customerId: number | null; agencyId: number | null };

const ownerColumn = (kind: TLedgerOwner['kind']) =>
  kind === 'customer' ? creditEntries.customerId : creditEntries.agencyId;

type TOwnerList = {
  kind: TLedgerOwner['kind'];
  column: PgColumn;
  name: PgColumn;
  join: typeof customers | typeof agencies;
  visible: SQL | undefined;
};

/** What a balance list sorts, filters and searches by; sums sort but do not filter (no HAVING). */
function balanceFields(owner: TOwnerList): TListFields {
  const id = { column: owner.column, type: 'number', sort: true, filter: true } as const;
  return {
    id,
    [owner.kind === 'customer' ? 'customerId' : 'agencyId']: id,
    name: { column: owner.name, type: 'string', sort: true, filter: true, search: true },
    currency: { column: creditEntries.currency, type: 'string', sort: true, filter: true },
    balance: { column: sql`sum(${creditEntries.amount})`, type: 'number', sort: true },
    entries: { column: sql`count(*)`, type: 'number', sort: true },
    lastEntryAt: { column: sql`max(${creditEntries.createdAt})`, type: 'datetime', sort: true },
  };
}

/** Ledgers of one owner kind with their balance: one row per owner and currency, as a generic list. */
async function balances(ex: Executor, owner: TOwnerList, query: TListQuery) {
  const fields = balanceFields(owner);
  const sortField = Object.hasOwn(fields, query.sort) ? fields[query.sort] : undefined;
  if (!sortField?.sort) throw badRequest(`Cannot sort by "${query.sort}"`, 'sort');
  const direction = query.order === -1 ? sql`desc` : sql`asc`;
  const size = query.size === 0 ? MAX_LIST_ROWS : Math.min(query.size, MAX_LIST_ROWS);
  const ledgers = ex
    .select({
      ownerId: sql<number>`${owner.column}`.as('owner_id'),
      name: sql<string>`${owner.name}`.as('name'),
      currency: creditEntries.currency,
      balance: sql<string>`sum(${creditEntries.amount})::text`.as('balance'),
      entries: sql<number>`count(*)::int`.as('entries'),
      lastEntryAt: sql<Date>`max(${creditEntries.createdAt})`
        .mapWith(creditEntries.createdAt)
        .as('last_entry_at'),
    })
    .from(creditEntries)
    .innerJoin(owner.join, eq(owner.join.id, owner.column))
    .where(and(owner.visible, compileSearch(query.search, fields), compileFilter(query.filter, fields)))
    .groupBy(owner.column, owner.name, creditEntries.currency);
  const [total] = await ex.select({ n: count() }).from(ledgers.as('ledgers'));
  const rows = await ledgers
    .orderBy(sql`${sortField.column} ${direction} nulls last`, asc(owner.column), asc(creditEntries.currency))
    .limit(size)
    .offset((query.page - 1) * size);
  return { rows, total: total?.n ?? 0, size };
}

export function createCreditsRepository() {
  return {
    customerBalances(ex: Executor, visibility: TVisibility, query: TListQuery) {
      const visible =
        visibility === 'all'
          ? undefined
          : (or(
              visibility.customerId === null ? undefined : eq(customers.id, visibility.customerId),
              visibility.agencyId === null ? undefined : eq(customers.agencyId, visibility.agencyId),
            ) ?? sql`false`);
      const owner = { column: creditEntries.customerId, name: customers.fullName, join: customers };
      return balances(ex, { kind: 'customer', ...owner, visible }, query);
    },

    agencyBalances(ex: Executor, agencyId: number | 'all', query: TListQuery) {
      const visible = agencyId === 'all' ? undefined : eq(agencies.id, agencyId);
      const owner = { column: creditEntries.agencyId, name: agencies.name, join: agencies };
      return balances(ex, { kind: 'agency', ...owner, visible }, query);
    },

    async findCustomer(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: customers.id, name: customers.fullName, agencyId: customers.agencyId })
        .from(customers)
        .where(eq(customers.id, id));
      return row;
    },

    async findAgency(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: agencies.id, name: agencies.name })
        .from(agencies)
        .where(eq(agencies.id, id));
      return row;
    },

    /**
     * Locks the owner's row until the transaction ends, so that entries of one ledger are written one
     * after the other (the balance check must see the previous entry). Undefined when it does not exist.
     */
    async lockOwner(ex: Executor, owner: TLedgerOwner) {
      const table = owner.kind === 'customer' ? customers : agencies;
      const [row] = await ex
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, owner.id))
        .for('no key update');
      return row;
    },

    /** The owner's entries in ledger order: by currency, then as written. */
    async entries(ex: Executor, owner: TLedgerOwner, currency?: string) {
      return ex
        .select()
        .from(creditEntries)
        .where(
          and(
            eq(ownerColumn(owner.kind), owner.id),
            currency ? eq(creditEntries.currency, currency) : undefined,
          ),
        )
        .orderBy(asc(creditEntries.currency), asc(creditEntries.id));
    },

    async balance(ex: Executor, owner: TLedgerOwner, currency: string) {
      const [row] = await ex
        .select({ sum: sql<string>`coalesce(sum(${creditEntries.amount}), 0)::text` })
        .from(creditEntries)
        .where(and(eq(ownerColumn(owner.kind), owner.id), eq(creditEntries.currency, currency)));
      return row?.sum ?? '0';
    },

    async insert(ex: Executor, values: typeof creditEntries.$inferInsert) {
      const [row] = await ex.insert(creditEntries).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}
export type TCreditsRepository = ReturnType<typeof createCreditsRepository>;
