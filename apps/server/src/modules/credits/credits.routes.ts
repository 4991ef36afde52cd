import {
  type TCreditBalance,
  ZCreateCreditEntry,
  ZCreditBalance,
  ZCreditEntriesQuery,
  ZCreditEntry,
  ZCreditLedger,
} from '@atoll/domain/customer-data';
import { listAnswer, type TListQuery, ZListCsvQuery, ZListQuery } from '@atoll/domain/list';
import type { TSessionUser } from '@atoll/domain/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { MAX_LIST_ROWS } from '../../http/resource.ts';
import type { TCreditsService } from './credits.service.ts';

const tags = ['credits'];

type TBalanceList = {
  path: string;
  kind: 'customer' | 'agency';
  scopes: string[];
  summary: string;
  description: string;
  list: (
    user: TSessionUser,
    query: TListQuery,
  ) => Promise<{ data: TCreditBalance[]; total: number; page: number; size: number }>;
};

/** A balance list as a generic list (page, size, sort, order, search, filter) and its CSV export. */
function registerBalanceList(app: FastifyInstance, spec: TBalanceList) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schemaTags = [spec.kind === 'customer' ? 'customers' : 'agencies', ...tags];
  const owner = spec.kind === 'customer' ? 'customerId' : 'agencyId';
  r.get(
    spec.path,
    {
      config: { access: { scopes: spec.scopes } },
      schema: {
        tags: schemaTags,
        summary: spec.summary,
        description: `${spec.description} Sort by id, name, currency, balance, entries or lastEntryAt; filter by ${owner}, name or currency.`,
        querystring: ZListQuery,
        response: { 200: listAnswer(ZCreditBalance) },
      },
    },
    async (request) => spec.list(actor(request), request.query),
  );
  r.get(
    `${spec.path}/listCSV`,
    {
      config: { access: { scopes: spec.scopes } },
      schema: {
        tags: schemaTags,
        summary: `${spec.summary} (CSV; not in the spec)`,
        querystring: ZListCsvQuery,
      },
    },
    async (request, reply) => {
      const { data } = await spec.list(actor(request), { ...request.query, page: 1, size: MAX_LIST_ROWS });
      const columns = [owner, 'name', 'currency', 'balance', 'entries', 'lastEntryAt'] as const;
      const rows = [columns, ...data.map((row) => columns.map((c) => row[c]))];
      return sendCsv(request, reply, rows, `${spec.kind}-credits.csv`);
    },
  );
}

/** Credit ledgers of customers and agencies (docs/domain/payments.md): balances, entries, new entries. */
export function registerCreditsRoutes(app: FastifyInstance, deps: { credits: TCreditsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { credits: service } = deps;

  registerBalanceList(app, {
    path: '/api/customers/credits',
    kind: 'customer',
    scopes: ['customers.read', 'customers.self', 'agencies.self'],
    summary: 'Credit balances per customer and currency',
    description: 'customers.self: only the own balance; agencies.self: the customers of the agency.',
    list: service.customerBalances,
  });

  registerBalanceList(app, {
    path: '/api/agencies/credits',
    kind: 'agency',
    scopes: ['agencies.read', 'agencies.self'],
    summary: 'Credit balances per agency and currency',
    description: 'agencies.self: only the own agency.',
    list: service.agencyBalances,
  });

  r.get(
    '/api/credits/entries',
    {
      config: {
        access: { scopes: ['customers.read', 'customers.self', 'agencies.read', 'agencies.self'] },
      },
      schema: {
        tags,
        summary: 'One ledger: the entries of a customer or an agency with the running balance',
        description:
          'Not in the spec. Name customerId or agencyId; optionally one currency. Reading a customer ' +
          'ledger needs customers.read (customers.self: own; agencies.self: customers of the agency), ' +
          "an agency ledger agencies.read (agencies.self: own). Another's ledger answers 404.",
        querystring: ZCreditEntriesQuery,
        response: { 200: ZCreditLedger },
      },
    },
    async (request) => service.ledger(actor(request), request.query),
  );

  r.post(
    '/api/credits/entries',
    {
      config: { access: { scopes: ['customers.update', 'agencies.update'] } },
      schema: {
        tags,
        summary: 'Add a credit entry: positive amount = credit received, negative = credit used',
        description:
          'Not in the spec. customers.update for customer ledgers, agencies.update for agency ledgers. ' +
          'Entries of one ledger are written one at a time; 409 CREDIT_INSUFFICIENT when the balance ' +
          'would go negative.',
        body: ZCreateCreditEntry,
        response: { 201: ZCreditEntry },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addEntry(actor(request), request.body)),
  );
}
