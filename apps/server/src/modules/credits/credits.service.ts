import {
  balanceAfter,
  creditBalance,
  type TCreateCreditEntry,
  type TCreditEntriesQuery,
  type TCreditEntry,
  type TCreditLedger,
  withRunningBalance,
} from '@atoll/domain/customer-data';
import type { TListQuery } from '@atoll/domain/list';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { TCreditEntryRow, TCreditsRepository, TLedgerOwner, TVisibility } from './credits.repository.ts';

const CUSTOMER_LEDGER_READERS = ['customers.read', 'customers.self', 'agencies.self'];
const AGENCY_LEDGER_READERS = ['agencies.read', 'agencies.self'];

/** Customer ledgers this user sees: all with customers.read, else their own and their agency's customers'. */
function customerVisibility(user: TSessionUser): TVisibility {
  if (hasScope(user.scopes, ['customers.read'])) return 'all';
  return {
    customerId: hasScope(user.scopes, ['customers.self']) ? user.customerId : null,
    agencyId: hasScope(user.scopes, ['agencies.self']) ? user.agencyId : null,
  };
}

/** Agency ledgers this user sees: all with agencies.read, else only their own agency's. */
const agencyVisibility = (user: TSessionUser) =>
  hasScope(user.scopes, ['agencies.read']) ? ('all' as const) : (user.agencyId ?? -1);

const toEntry = (row: TCreditEntryRow, balance: string): TCreditEntry => ({
  id: row.id,
  customerId: row.customerId,
  agencyId: row.agencyId,
  currency: row.currency,
  amount: row.amount,
  balance,
  bookingId: row.bookingId,
  note: row.note,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
});

/** Entries with the balance after each, running per currency (one ledger per currency). */
function runningBalances(rows: TCreditEntryRow[]) {
  const currencies = [...new Set(rows.map((r) => r.currency))];
  const ledgers = currencies.map((currency) =>
    withRunningBalance(rows.filter((r) => r.currency === currency)),
  );
  return {
    entries: ledgers.flat().map((r) => toEntry(r, r.balance)),
    balances: ledgers.map((entries, i) => ({
      currency: currencies[i] ?? '',
      balance: creditBalance(entries.map((e) => e.amount)),
    })),
  };
}

export function createCreditsService(deps: { db: Db; repository: TCreditsRepository }) {
  const { db, repository } = deps;

  /** The customer or agency whose ledger the user asks for, if the user may read it; another's is 404. */
  async function readableOwner(user: TSessionUser, query: TCreditEntriesQuery) {
    if (query.customerId !== undefined) {
      if (!hasScope(user.scopes, CUSTOMER_LEDGER_READERS)) throw forbidden();
      const customer = await repository.findCustomer(db, query.customerId);
      const visibility = customerVisibility(user);
      const visible =
        visibility === 'all' ||
        (customer !== undefined &&
          (customer.id === visibility.customerId ||
            (customer.agencyId !== null && customer.agencyId === visibility.agencyId)));
      if (!customer || !visible) throw notFound('customer');
      return { owner: { kind: 'customer', id: customer.id } as TLedgerOwner, name: customer.name };
    }
    if (!hasScope(user.scopes, AGENCY_LEDGER_READERS)) throw forbidden();
    const agency = await repository.findAgency(db, query.agencyId ?? -1);
    const visibility = agencyVisibility(user);
    if (!agency || (visibility !== 'all' && visibility !== agency.id)) throw notFound('agency');
    return { owner: { kind: 'agency', id: agency.id } as TLedgerOwner, name: agency.name };
  }

  return {
    async customerBalances(user: TSessionUser, query: TListQuery) {
      const { rows, total, size } = await repository.customerBalances(db, customerVisibility(user), query);
      const data = rows.map((r) => toBalance({ ...r, customerId: r.ownerId, agencyId: null }));
      return { data, total, page: query.page, size };
    },

    async agencyBalances(user: TSessionUser, query: TListQuery) {
      const { rows, total, size } = await repository.agencyBalances(db, agencyVisibility(user), query);
      const data = rows.map((r) => toBalance({ ...r, customerId: null, agencyId: r.ownerId }));
      return { data, total, page: query.page, size };
    },

    async ledger(user: TSessionUser, query: TCreditEntriesQuery): Promise<TCreditLedger> {
      const { owner, name } = await readableOwner(user, query);
      const { entries, balances } = runningBalances(await repository.entries(db, owner, query.currency));
      return {
        customerId: owner.kind === 'customer' ? owner.id : null,
        agencyId: owner.kind === 'agency' ? owner.id : null,
        name,
        balances,
        entries,
      };
    },

    /** One entry; refused when the ledger's balance would go negative (docs/domain/payments.md). */
    async addEntry(user: TSessionUser, input: TCreateCreditEntry): Promise<TCreditEntry> {
      const owner: TLedgerOwner =
        input.customerId !== undefined
          ? { kind: 'customer', id: input.customerId }
          : { kind: 'agency', id: input.agencyId ?? -1 };
      if (!hasScope(user.scopes, [owner.kind === 'customer' ? 'customers.update' : 'agencies.update'])) {
        throw forbidden();
      }
      return db.transaction(async (tx) => {
        if (!(await repository.lockOwner(tx, owner))) throw notFound(owner.kind);
        const balance = balanceAfter(await repository.balance(tx, owner, input.currency), input.amount);
        if (balance === undefined) {
          throw new AppError(409, 'CREDIT_INSUFFICIENT', 'The credit balance is not sufficient');
        }
        const row = await repository.insert(tx, {
          customerId: owner.kind === 'customer' ? owner.id : null,
          agencyId: owner.kind === 'agency' ? owner.id : null,
          currency: input.currency,
          amount: input.amount,
          note: input.note ?? null,
          bookingId: input.bookingId ?? null,
          userId: user.id,
        });
        return toEntry(row, balance);
      });
    },
  };
}
export type TCreditsService = ReturnType<typeof createCreditsService>;

function toBalance(r: {
  customerId: number | null;
  agencyId: number | null;
  name: string;
  currency: string;
  balance: string;
  entries: number;
  lastEntryAt: Date;
}) {
  return {
    id: `${r.customerId ?? r.agencyId}-${r.currency}`,
    customerId: r.customerId,
    agencyId: r.agencyId,
    name: r.name,
    currency: r.currency,
    balance: creditBalance([r.balance]),
    entries: r.entries,
    lastEntryAt: r.lastEntryAt.toISOString(),
  };
}
