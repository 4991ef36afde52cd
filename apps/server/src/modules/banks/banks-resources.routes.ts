import {
  type TCreateBank,
  type TCreateBankEntry,
  ZBank,
  ZBankEntry,
  ZCreateBank,
  ZCreateBankEntry,
  ZUpdateBank,
  ZUpdateBankEntry,
} from '@atoll/domain/banks';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bankAccounts, bankEntries } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { defined, registerResource, type TWriteContext } from '../../http/resource.ts';
import type { TAssignDeps } from './assign-entry.flow.ts';
import {
  createBanksRepository,
  type TBankEntryRow,
  type TBankRow,
  toBank,
  toBankEntry,
} from './banks.repository.ts';
import type { TBanksService } from './banks.service.ts';
import { matchEntries } from './import-statement.flow.ts';

// The base paths /api/banks and /api/bankentries (spec platform §7, ADR 0003). An entry is the bank's
// record: typed in by hand it is matched like an imported one; afterwards only its texts change, it is
// never copied, and it is deleted only while nothing is assigned from it.

export const BANK_ACCESS = {
  read: ['banks.read'],
  create: ['banks.create'],
  update: ['banks.update'],
  delete: ['banks.delete'],
};
export const ENTRY_ACCESS = {
  read: ['bankentries.read'],
  create: ['bankentries.create'],
  update: ['bankentries.update'],
  delete: ['bankentries.delete'],
};

const repo = createBanksRepository();

const hasPayments = () =>
  new AppError(409, 'HAS_PAYMENTS', 'Payments or credits are assigned from this entry: un-assign them first');

/** The stored mapping is `{}` when there is none (the column is not null). */
function bankValues(input: Partial<TCreateBank>) {
  const values = defined(input);
  if (input.csvMapping === null) values.csvMapping = {};
  return values;
}

export function registerBankResources(
  app: FastifyInstance,
  db: Db,
  service: TBanksService,
  deps: TAssignDeps,
) {
  registerResource(app, db, {
    name: 'banks',
    base: '/api/banks',
    table: bankAccounts,
    id: bankAccounts.id,
    fields: {
      id: { column: bankAccounts.id, type: 'number', sort: true, filter: true },
      name: { column: bankAccounts.name, type: 'string', sort: true, filter: true, search: true },
      bankName: { column: bankAccounts.bankName, type: 'string', sort: true, filter: true, search: true },
      iban: { column: bankAccounts.iban, type: 'string', sort: true, filter: true, search: true },
      currency: { column: bankAccounts.currency, type: 'string', sort: true, filter: true },
      autoAssign: { column: bankAccounts.autoAssign, type: 'boolean', sort: true, filter: true },
      isActive: { column: bankAccounts.isActive, type: 'boolean', sort: true, filter: true },
      createdAt: { column: bankAccounts.createdAt, type: 'date', sort: true, filter: true },
    },
    output: ZBank,
    toOutput: toBank as (row: never) => z.infer<typeof ZBank>,
    create: ZCreateBank,
    update: ZUpdateBank,
    access: BANK_ACCESS,
    toValues: async (_ctx, input) => bankValues(input),
    copyValues: async (_ctx, row: TBankRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },
    // Its entries are the account's history (and may carry payments): an account with entries stays.
    beforeDelete: async (ctx: TWriteContext, row: TBankRow) => {
      if (await repo.hasEntries(ctx.tx, row.id))
        throw new AppError(409, 'IN_USE', 'The bank has entries: delete them first, or set it inactive');
    },
  });

  registerResource(app, db, {
    name: 'bankentries',
    base: '/api/bankentries',
    table: bankEntries,
    id: bankEntries.id,
    fields: {
      id: { column: bankEntries.id, type: 'number', sort: true, filter: true },
      bankId: { column: bankEntries.bankId, type: 'number', sort: true, filter: true },
      date: { column: bankEntries.date, type: 'date', sort: true, filter: true },
      amount: { column: bankEntries.amount, type: 'number', sort: true, filter: true },
      assigned: { column: bankEntries.assigned, type: 'number', sort: true, filter: true },
      currency: { column: bankEntries.currency, type: 'string', sort: true, filter: true },
      counterparty: {
        column: bankEntries.counterparty,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      reference: { column: bankEntries.reference, type: 'string', filter: true, search: true },
      externalId: { column: bankEntries.externalId, type: 'string', filter: true, search: true },
      importId: { column: bankEntries.importId, type: 'string', filter: true },
      createdAt: { column: bankEntries.createdAt, type: 'date', sort: true, filter: true },
    },
    output: ZBankEntry,
    toOutput: toBankEntry as (row: never) => z.infer<typeof ZBankEntry>,
    expand: (async (rows: TBankEntryRow[]) => service.withAssignments(rows)) as never,
    create: ZCreateBankEntry,
    update: ZUpdateBankEntry,
    access: ENTRY_ACCESS,
    toValues: async (ctx, input, existing?: TBankEntryRow) => {
      if (existing) return defined(input as z.infer<typeof ZUpdateBankEntry>);
      const entry = input as TCreateBankEntry;
      const bank = await repo.bank(ctx.tx, entry.bankId);
      if (!bank) throw notFound('Bank');
      return {
        ...defined(entry),
        currency: entry.currency ?? bank.currency,
        userId: ctx.user.id,
      };
    },
    // Typed in or corrected: matched again; a new entry is assigned like an imported one.
    afterWrite: async (ctx, row: TBankEntryRow, input) => {
      const isNew = 'bankId' in (input as object);
      const bank = await repo.bank(ctx.tx, row.bankId);
      if (!isNew && !('reference' in (input as object)) && !('counterparty' in (input as object))) return;
      await matchEntries(deps, ctx.tx, ctx.user, [row], isNew && (bank?.autoAssign ?? false));
    },
    copyValues: async () => {
      throw new AppError(409, 'INVALID_STATE', 'A bank entry is the bank’s record: it is not copied');
    },
    beforeDelete: async (ctx: TWriteContext, row: TBankEntryRow) => {
      const found = await repo.entriesWithAssignments(ctx.tx, { id: row.id });
      if (found.assigned.length) throw hasPayments();
    },
  });
}
