import { validateCustomerData } from '@atoll/domain/customer-data';
import {
  addDays,
  birthdayKeys,
  DEFAULT_CHILD_MAX_AGE,
  diffValues,
  type TCreateCustomer,
  type TCustomer,
  type TUpdateCustomer,
} from '@atoll/domain/customers';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { today } from '../../clock.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import {
  applyInput,
  columnsOf,
  stateOf,
  type TCustomerState,
  type TExpandedRow,
  toCustomer,
} from './customer-state.ts';
import {
  customerCondition,
  NO_CUSTOMERS,
  type TCustomerRow,
  type TCustomersRepository,
  type TCustomerVisibility,
} from './customers.repository.ts';

type TCtx = { user: TSessionUser; tx: Tx };

/** Scopes that see and change every customer; without them a user acts through a `*.self` scope. */
export const CUSTOMER_ACCESS = {
  read: ['customers.read'],
  create: ['customers.create'],
  update: ['customers.update'],
  delete: ['customers.delete'],
  self: ['customers.self', 'agencies.self'],
};
/** Fields only the office sets: a customer or agent editing a record keeps them as they are. */
const OFFICE_FIELDS = ['customerType', 'agencyId', 'groupId', 'internalNote'] as const;

const hasFullRead = (user: TSessionUser) => hasScope(user.scopes, CUSTOMER_ACCESS.read);

/**
 * The customers a user may see: all with customers.read; else their own record (customers.self,
 * users.customerId) and their agency's customers (agencies.self, users.agencyId); else none.
 */
function customerVisibility(user: TSessionUser): TCustomerVisibility {
  if (hasFullRead(user)) return 'all';
  return {
    customerId: user.customerId && hasScope(user.scopes, ['customers.self']) ? user.customerId : null,
    agencyId: user.agencyId && hasScope(user.scopes, ['agencies.self']) ? user.agencyId : null,
  };
}

/** customerVisibility as the condition the repositories take; undefined: all. */
export const visibleCustomers = (user: TSessionUser) => customerCondition(customerVisibility(user));

/** The `*.self` filter: for self users visibleCustomers always answers one; anyone else sees none by it. */
export const ownCustomers = (user: TSessionUser) => visibleCustomers(user) ?? NO_CUSTOMERS;

/** Whether the row is the user's own record or one of their agency's (the `*.self` rule, row by row). */
function isOwn(user: TSessionUser, row: { id: number; agencyId: number | null }) {
  return (
    (hasScope(user.scopes, ['customers.self']) && user.customerId === row.id) ||
    (hasScope(user.scopes, ['agencies.self']) && !!user.agencyId && user.agencyId === row.agencyId)
  );
}

/** Agents and customers never see the operator's internal note. */
export function redactCustomer(user: TSessionUser, out: TCustomer): TCustomer {
  if (hasFullRead(user)) return out;
  const { internalNote: _hidden, ...rest } = out;
  return rest;
}

/** A customer or agent may change neither office field; the agent's customers stay in the agency. */
function applySelfRules(user: TSessionUser, next: TCustomerState, stored: TCustomerState | undefined) {
  for (const field of OFFICE_FIELDS) {
    const kept = stored ? stored[field] : null;
    if (field === 'agencyId' && !stored) continue;
    if (field === 'customerType' && !stored) {
      if (next.customerType !== 'Default') throw forbidden();
      continue;
    }
    if (next[field] !== kept) throw forbidden();
  }
  if (!stored) {
    if (!user.agencyId || !hasScope(user.scopes, ['agencies.self'])) throw forbidden();
    if (next.agencyId !== null && next.agencyId !== user.agencyId) throw forbidden();
    next.agencyId = user.agencyId;
  }
}

function checkDates(state: TCustomerState) {
  const { birthday } = state.masterData;
  if (birthday && birthday > today())
    throw badRequest('The birthday lies in the future', 'masterData.birthday');
  const { issueDate, expiryDate } = state.passport;
  if (issueDate && expiryDate && expiryDate < issueDate) {
    throw badRequest('The passport expires before it was issued', 'passport.expiryDate');
  }
}

export function createCustomersService(deps: {
  db: Db;
  settings: TSettingsService;
  repository: TCustomersRepository;
}) {
  const { db, repository } = deps;

  async function childMaxAge() {
    const n = await deps.settings.get('customers', 'childMaxAge', DEFAULT_CHILD_MAX_AGE);
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : DEFAULT_CHILD_MAX_AGE;
  }

  /** Adds what the output derives from elsewhere: the user link and the child age setting. */
  async function expand(rows: TCustomerRow[]): Promise<TExpandedRow[]> {
    const [assigned, maxAge] = await Promise.all([
      repository.assignedIds(
        db,
        rows.map((r) => r.id),
      ),
      childMaxAge(),
    ]);
    const day = today();
    return rows.map((r) => ({ ...r, isAssigned: assigned.has(r.id), childMaxAge: maxAge, today: day }));
  }

  async function toOutputs(user: TSessionUser, rows: TCustomerRow[]) {
    return (await expand(rows)).map((r) => redactCustomer(user, toCustomer(r)));
  }

  /** A customer the user may see, or 404: another's record does not exist for them. */
  async function visible(ex: Executor, user: TSessionUser, id: number) {
    const row = await repository.findOne(ex, id, visibleCustomers(user));
    if (!row) throw notFound('customers');
    return row;
  }

  /** Custom data as the data groups define it; values of fields no group defines are dropped. */
  async function checkedData(tx: Tx, data: Record<string, unknown>) {
    const groups = (await repository.dataGroups(tx)) as Parameters<typeof validateCustomerData>[0];
    const checked = validateCustomerData(groups, data as Parameters<typeof validateCustomerData>[1]);
    if (checked.issues.length > 0) {
      const details = checked.issues.map((i) => ({
        path: `data.${i.groupId}.${i.key}`,
        code: i.code,
        message: i.code,
      }));
      throw new AppError(400, 'ValidationError', 'The custom data does not fit the data groups', details);
    }
    return checked.data;
  }

  /** Column values of a create or update; the version snapshot follows in `afterWrite`. */
  async function customerValues(
    ctx: TCtx,
    input: TCreateCustomer | TUpdateCustomer,
    existing?: TCustomerRow,
  ) {
    const { user, tx } = ctx;
    const full = hasScope(user.scopes, existing ? CUSTOMER_ACCESS.update : CUSTOMER_ACCESS.create);
    // A reader who edits through a self scope edits only their own records.
    if (existing && !full && !isOwn(user, existing)) throw notFound('customers');
    const stored = existing ? stateOf(existing) : undefined;
    const next = applyInput(input, stored);
    if (!next.fullName) throw badRequest('A customer needs a name', 'masterData.lastName');
    if (!full) applySelfRules(user, next, stored);
    checkDates(next);
    if (input.data !== undefined) next.data = await checkedData(tx, next.data);
    if (existing) {
      // Rows written before versions existed (seed, copies) get their snapshot before it is replaced.
      await repository.insertVersion(
        tx,
        { customerId: existing.id, version: existing.version, snapshot: stored, userId: null },
        { ifMissing: true },
      );
    }
    return { ...columnsOf(next), version: existing ? existing.version + 1 : 1 };
  }

  return {
    expand,
    toOutputs,
    visible,
    customerValues,
    /** Snapshot of the version just written, in the write's transaction. */
    async afterWrite(ctx: TCtx, row: TCustomerRow) {
      await repository.insertVersion(ctx.tx, {
        customerId: row.id,
        version: row.version,
        snapshot: stateOf(row),
        userId: ctx.user.id,
      });
    },
    /** A copy is a new person of the same family or party: no e-mail, no passport, no history. */
    async copyValues(ctx: TCtx, row: TCustomerRow) {
      const { user } = ctx;
      const state = stateOf(row);
      const copy: TCustomerState = {
        ...state,
        contact: { ...state.contact, email: null },
        passport: { number: null, nationality: null, issueDate: null, expiryDate: null },
      };
      if (!hasScope(user.scopes, CUSTOMER_ACCESS.create)) {
        if (!isOwn(user, row)) throw notFound('customers');
        Object.assign(copy, { customerType: 'Default', groupId: null, internalNote: null });
        applySelfRules(user, copy, undefined);
      }
      return { ...columnsOf(copy), version: 1 };
    },
    /** Changes between version `from` and the current one; internal fields only for the office. */
    async diff(user: TSessionUser, id: number, from: number) {
      const row = await visible(db, user, id);
      if (from > row.version) throw badRequest(`Version ${from} does not exist yet`, 'from');
      const current = stateOf(row);
      const old = from === row.version ? current : (await repository.version(db, id, from))?.snapshot;
      if (!old) throw notFound('version');
      const changes = diffValues(old, current).filter(
        (c) => hasFullRead(user) || !c.path.startsWith('internalNote'),
      );
      return { from, to: row.version, changes };
    },
    async birthdays(user: TSessionUser, date: string) {
      const rows = await repository.byBirthday(db, birthdayKeys(date), visibleCustomers(user), 1000);
      return toOutputs(user, rows);
    },
    async dashboard(user: TSessionUser, days: number) {
      const day = today();
      const next7 = [...new Set([1, 2, 3, 4, 5, 6, 7].flatMap((n) => birthdayKeys(addDays(day, n))))];
      const since = new Date(Date.now() - days * 86_400_000);
      const counts = await repository.dashboard(db, visibleCustomers(user), since, birthdayKeys(day), next7);
      return { ...counts, days };
    },
    async duplicates(
      user: TSessionUser,
      q: {
        firstName?: string | null;
        lastName?: string | null;
        birthday?: string | null;
        email?: string | null;
      },
      excludeId?: number,
    ) {
      const rows = await repository.duplicates(
        db,
        {
          ...(q.firstName ? { firstName: q.firstName } : {}),
          ...(q.lastName ? { lastName: q.lastName } : {}),
          ...(q.birthday ? { birthday: q.birthday } : {}),
          ...(q.email ? { email: q.email } : {}),
          ...(excludeId ? { excludeId } : {}),
        },
        visibleCustomers(user),
      );
      return rows;
    },
    /** Stores an external system's reference to a customer the user sees; undefined: it names another customer. */
    async saveReference(user: TSessionUser, id: number, system: string, external: string, data: unknown) {
      return db.transaction(async (tx) => {
        const row = await visible(tx, user, id);
        return repository.upsertReference(tx, row.id, system, external, data);
      });
    },
    /** Sets (a null value: removes) meta keys of a customer the user sees; answers all of its meta. */
    async setMeta(user: TSessionUser, id: number, values: Record<string, unknown>) {
      return db.transaction(async (tx) => {
        const row = await visible(tx, user, id);
        for (const [key, value] of Object.entries(values)) {
          if (value === null || value === undefined) await repository.deleteMeta(tx, row.id, key);
          else await repository.setMeta(tx, row.id, key, value);
        }
        return repository.meta(tx, row.id);
      });
    },
    /** Stays, revenue and last stay from the bookings (none yet, see the repository); no new version. */
    async recalculateStats(user: TSessionUser, id: number) {
      return db.transaction(async (tx) => {
        await visible(tx, user, id);
        const stats = await repository.collectStats(tx, id);
        await repository.update(tx, id, { ...stats, statsAt: new Date() });
        return stats;
      });
    },
  };
}
export type TCustomersService = ReturnType<typeof createCustomersService>;
