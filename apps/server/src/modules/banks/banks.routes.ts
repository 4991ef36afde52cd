import {
  ZAssignBody,
  ZAssignQuery,
  ZBalance,
  ZBalanceQuery,
  ZBankEntry,
  ZCashflowQuery,
  ZDeleteEntriesQuery,
  ZEntriesQuery,
  ZImportResult,
  ZPaymentRow,
  ZPaymentsQuery,
} from '@atoll/domain/banks';
import { listAnswer } from '@atoll/domain/list';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { today } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TCurrenciesService } from '../currencies/currencies.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { assignEntry, unassignEntry } from './assign-entry.flow.ts';
import { registerStatementFormatRoutes } from './bank-formats.routes.ts';
import { toBankEntry } from './banks.repository.ts';
import type { TBanksService } from './banks.service.ts';
import { ENTRY_ACCESS, registerBankResources } from './banks-resources.routes.ts';
import { importStatement } from './import-statement.flow.ts';
import { decodeStatement } from './statement-file.ts';

// Spec platform §7 "Banks" and "Bank entries" (docs/domain/payments.md). Scopes: banks.* for the accounts;
// bankentries.read for entries, balance, cash flow and the payment lists; bankentries.create to import or
// type entries, bankentries.update to assign and un-assign, bankentries.delete to delete entries.
// Everything needs the feature switch `bank`: switched off, the calls are not there (404) after the
// access check, as the web's guard hides the screens.

const tags = ['banks'];
const bankEntryTags = ['bankentries'];
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const isBankRoute = (url: string | undefined) =>
  url !== undefined &&
  (url === '/api/banks' ||
    url.startsWith('/api/banks/') ||
    url === '/api/bankentries' ||
    url.startsWith('/api/bankentries/'));

const ZEntryPaymentParams = z.object({
  id: ZIdParams.shape.id,
  paymentId: ZIdParams.shape.id,
});
const ZBankIdParams = z.object({ bankId: ZIdParams.shape.id });

export function registerBanksRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; banks: TBanksService; currencies: TCurrenciesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { banks: service, currencies } = deps;
  const flowDeps = { db, currencies };

  app.addHook('preHandler', async (request) => {
    if (!isBankRoute(request.routeOptions.url)) return;
    if (!(await deps.settings.features()).bank) throw notFound();
  });

  r.get(
    '/api/banks/:id/entries',
    {
      config: { access: { scopes: ENTRY_ACCESS.read } },
      schema: {
        tags,
        summary: 'The entries of a bank, newest first',
        description:
          'status: assigned (nothing left), unassigned (incoming with something left, also partly assigned) ' +
          'or all (also outgoing entries); ' +
          'from/to: days; search: reference, counterparty or external id.',
        params: ZIdParams,
        querystring: ZEntriesQuery,
        response: { 200: listAnswer(ZBankEntry) },
      },
    },
    async (request) => service.entries(request.params.id, request.query),
  );

  r.delete(
    '/api/banks/:id/entries',
    {
      config: { access: { scopes: ENTRY_ACCESS.delete } },
      schema: {
        tags,
        summary: 'Deletes the entries of one import (importId) or the given entries (ids)',
        description:
          'All or nothing: when any of them has payments or credits assigned, nothing is deleted and the ' +
          'answer is 409 HAS_PAYMENTS naming them; un-assign first.',
        params: ZIdParams,
        querystring: ZDeleteEntriesQuery,
        response: { 200: z.object({ deleted: z.number().int() }) },
      },
    },
    async (request) => service.deleteEntries(request.params.id, request.query),
  );

  r.get(
    '/api/banks/balance',
    {
      config: { access: { scopes: ENTRY_ACCESS.read } },
      schema: {
        tags,
        summary: 'Opening balance and Σ entries per period with the running balance',
        description:
          'One bank (bankId), or every account of one currency (currency, default the first account’s). ' +
          'Periods start on their first day (weeks on Monday).',
        querystring: ZBalanceQuery,
        response: { 200: ZBalance },
      },
    },
    async (request) => service.balance(request.query),
  );

  r.get(
    '/api/banks/cashflow',
    {
      config: { access: { scopes: ENTRY_ACCESS.read } },
      schema: {
        tags,
        summary: 'In, out and balance per month (default: the last 12 months)',
        querystring: ZCashflowQuery,
        response: { 200: ZBalance },
      },
    },
    async (request) => {
      const to = request.query.to ?? today();
      const from = request.query.from ?? `${Number(to.slice(0, 4)) - 1}-${to.slice(5, 7)}-01`;
      return service.balance({ ...request.query, from, to, groupBy: 'month' });
    },
  );

  registerImport(app, flowDeps);
  registerStatementFormatRoutes(app, flowDeps);

  r.post(
    '/api/bankentries/:id/payments',
    {
      config: { access: { scopes: ENTRY_ACCESS.update } },
      schema: {
        tags: bankEntryTags,
        summary: 'Assigns (part of) the entry to a booking, or to a customer’s or agency’s credit',
        description:
          '{ bookingId, amount }: a bank payment of the booking (a temporary payment of the same amount ' +
          'becomes final instead); { customerId | agencyId, amount }: a credit entry. Σ assigned ≤ the ' +
          'entry amount (409 BANK_ENTRY_OVERASSIGNED). Another currency: `rate` as quoted by `rateType` ' +
          '(direct: 1 entry currency = rate booking currency; inverse: the other way), else the stored ' +
          'rate of day `rt` (default the entry date); none: 400 RATE_REQUIRED. The user must see the booking.',
        params: ZIdParams,
        querystring: ZAssignQuery,
        body: ZAssignBody,
        response: { 200: ZBankEntry },
      },
    },
    async (request) => {
      const user = actor(request);
      await db.transaction((tx) =>
        assignEntry(flowDeps, tx, user, request.params.id, request.body, request.query),
      );
      return entryOut(request.params.id);
    },
  );

  r.delete(
    '/api/bankentries/:id/payments/:paymentId',
    {
      config: { access: { scopes: ENTRY_ACCESS.update } },
      schema: {
        tags: bankEntryTags,
        summary:
          'Un-assigns: removes the payment (or, with kind=credit, the credit entry) made from the entry',
        params: ZEntryPaymentParams,
        querystring: z.object({ kind: z.enum(['payment', 'credit']).default('payment') }),
        response: { 200: ZBankEntry },
      },
    },
    async (request) => {
      const user = actor(request);
      const { id, paymentId } = request.params;
      await db.transaction((tx) => unassignEntry(tx, user, id, paymentId, request.query.kind));
      return entryOut(id);
    },
  );

  for (const kind of ['manual', 'temporary'] as const) {
    r.get(
      `/api/bankentries/${kind}`,
      {
        config: { access: { scopes: ENTRY_ACCESS.read } },
        schema: {
          tags: bankEntryTags,
          summary:
            kind === 'manual'
              ? 'Final payments without a bank entry (cash, card, bank typed in), newest first'
              : 'Temporary (expected) payments not yet confirmed by a bank entry, newest first',
          querystring: ZPaymentsQuery,
          response: { 200: listAnswer(ZPaymentRow) },
        },
      },
      async (request) => service.payments(kind, request.query),
    );
  }

  registerBankResources(app, db, service, flowDeps);

  async function entryOut(id: number) {
    const entry = await service.entry(id);
    if (!entry) throw notFound('Bank entry');
    const [row] = await service.withAssignments([entry]);
    return toBankEntry(row ?? entry);
  }
}

/** Multipart only for the import (as for the logo and rate uploads); a text/csv body works too. */
function registerImport(app: FastifyInstance, deps: Parameters<typeof importStatement>[0]) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
      throwFileSizeLimit: false,
    });
    // Bytes, not text: the file's encoding (UTF-8 or Windows-1252) is told by its content.
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, decodeStatement(body as Buffer)),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/banks/:bankId/import/csv',
      {
        config: { access: { scopes: ENTRY_ACCESS.create } },
        schema: {
          tags,
          summary: 'Imports a CSV bank statement',
          description:
            'multipart/form-data with the file (and optionally a field `mapping`: the column mapping as ' +
            'JSON, then stored on the bank), or the file as a text/csv body with the stored mapping. Every ' +
            'row must be valid, else nothing is imported (400, details name the rows). Duplicates (external ' +
            'id, else date, amount and reference) are skipped and counted; incoming entries get ' +
            'suggestions, and a unique strong match is assigned when the bank auto-assigns.',
          consumes: ['multipart/form-data', 'text/csv'],
          params: ZBankIdParams,
          response: { 200: ZImportResult },
        },
      },
      async (request) => {
        const user = actor(request);
        if (typeof request.body === 'string')
          return importStatement(deps, user, request.params.bankId, request.body, undefined);
        if (!request.isMultipart())
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the CSV file as multipart/form-data or text/csv',
          );
        let text: string | undefined;
        let mapping: unknown;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.file.truncated)
              throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file exceeds ${IMPORT_MAX_BYTES} bytes`);
            text = decodeStatement(data);
          } else if (part.fieldname === 'mapping') {
            try {
              mapping = JSON.parse(String(part.value));
            } catch {
              throw badRequest('mapping is not JSON', 'mapping');
            }
          }
        }
        if (text === undefined) throw badRequest('No file in the upload', 'file');
        return importStatement(deps, user, request.params.bankId, text, mapping);
      },
    );
  });
}
