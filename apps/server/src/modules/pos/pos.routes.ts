import type { TLanguage } from '@atoll/domain/constants';
import { ZOnsiteAccount } from '@atoll/domain/onsite';
import {
  ZPosAssets,
  ZPosCombine,
  ZPosPayment,
  ZPosPaymentAnswer,
  ZPosPrintQuery,
  ZPosResolve,
  ZPosSale,
  ZPosSaleAnswer,
  ZPosSaleUpdate,
  ZPosStats,
  ZPosStatsQuery,
  ZPosTab,
} from '@atoll/domain/onsite/pos';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { loadLetterhead, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TSessionUser } from '../auth/auth.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TPosService } from './pos.service.ts';
import { renderReceipt } from './pos-receipt.tsx';
import { POS_ACCESS, registerPosResources } from './pos-resources.routes.ts';

// Spec booking §7 Point of sale (docs/domain/onsite.md): sales and payments on a tab, charging it to a room,
// resolving and combining tabs, receipts (A4 and 80 mm), the end-of-day figures. Behind the feature switch
// `pos` (switched off: 404) and the pos scopes; agents and customers hold none of them.

const tags = ['pos'];
const id = ZIdParams.shape.id;
const READ = { access: { scopes: POS_ACCESS.read } };
const SELL = { access: { scopes: POS_ACCESS.update } };
const ZAnswer = z.object({ tab: ZPosTab, account: ZOnsiteAccount });
const response = { 200: ZAnswer };
const ZIdsQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
    .transform((v) => v.split(',').map(Number)),
  language: z.enum(['de', 'en']).optional(),
});
const ZTabParams = z.object({ id });

const languageOf = (lang: TLanguage | undefined, user: TSessionUser): TLanguage =>
  lang ?? user.settings.language ?? 'de';

export function registerPosRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; pos: TPosService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { pos } = deps;

  // After the access check (401/403 first): a switched-off counter is not there.
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url;
    if (url !== '/api/pos' && !url?.startsWith('/api/pos/')) return;
    if (!(await deps.settings.features()).pos) throw notFound();
  });

  const receipt = async (
    user: TSessionUser,
    ids: readonly number[],
    lang: TLanguage | undefined,
    format: 'a4' | 'receipt',
  ) => {
    const tabs = [];
    for (const tabId of ids) tabs.push(await pos.tab(tabId));
    const company = await loadLetterhead(deps.db, deps.settings);
    return renderReceipt({ company, lang: languageOf(lang, user), tabs }, format);
  };

  r.get(
    '/api/pos/assets',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The resorts and vessels the cashier works at (a walk-in tab’s asset)',
        description:
          'The user’s resorts and vessels by name; none assigned (or admin): every one of that kind. A walk-in ' +
          'tab (`POST /api/pos` with `resortId` or `vesselId`) must be at one of them, and its sales take ' +
          'from the stock kept there.',
        response: { 200: ZPosAssets },
      },
    },
    async (request) => pos.assets(actor(request)),
  );

  r.get(
    '/api/pos/stats',
    {
      config: READ,
      schema: {
        tags,
        summary: 'End-of-day figures: sales by category and cashier, payments by method, the cash drawer',
        querystring: ZPosStatsQuery,
        response: { 200: ZPosStats },
      },
    },
    async (request) => pos.stats(request.query),
  );

  r.get(
    '/api/pos/external/:system',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Sales of an external counter system',
        params: z.object({ system: z.string().max(50) }),
      },
    },
    async () => {
      throw new AppError(409, 'PROVIDER_NOT_CONFIGURED', 'No external counter system is connected');
    },
  );

  r.post(
    '/api/pos/resolve',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Closes tabs (a walk-in’s only when paid), all or none',
        body: ZPosResolve,
        response: { 200: z.array(ZPosTab) },
      },
    },
    async (request) => pos.resolve(request.body.ids),
  );

  r.post(
    '/api/pos/combineItems',
    {
      config: SELL,
      schema: { tags, summary: 'Combines open walk-in tabs into the first', body: ZPosCombine, response },
    },
    async (request) => pos.combine(request.body.ids),
  );

  r.get(
    '/api/pos/combineItems',
    {
      config: READ,
      schema: { tags, summary: 'One receipt (A4 PDF) of several tabs', querystring: ZIdsQuery },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await receipt(actor(request), request.query.ids, request.query.language, 'a4'),
        'receipt.pdf',
      ),
  );

  r.post(
    '/api/pos/:id/print',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The tab’s receipt: A4 or an 80 mm receipt printer roll (PDF)',
        params: ZTabParams,
        querystring: ZPosPrintQuery,
      },
    },
    async (request, reply) => {
      const { format, language } = request.query;
      const pdf = await receipt(actor(request), [request.params.id], language, format);
      return sendPdf(reply, pdf, `receipt-${request.params.id}.pdf`);
    },
  );

  r.get(
    '/api/pos/:id/account',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The tab with its sales, payments and what is open',
        params: ZTabParams,
        response,
      },
    },
    async (request) => pos.tab(request.params.id),
  );

  r.post(
    '/api/pos/:id/product',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Sells a product on the tab',
        description:
          'Body: item (product), quantity, price, guestId (room tabs), idempotencyKey (sent again: the sale stored ' +
          'then). A room tab charges the booking (its charging base over the room entry); a walk-in pays what was ' +
          'typed. Answers the item and the tab’s totals (the tab with its items: `GET {id}/account`).',
        params: ZTabParams,
        body: ZPosSale,
        response: { 200: ZPosSaleAnswer },
      },
    },
    async (request) => pos.sell(actor(request), request.params.id, request.body),
  );

  r.post(
    '/api/pos/:id/product/:item',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Changes a sale on the tab',
        params: ZTabParams.extend({ item: id }),
        body: ZPosSaleUpdate,
        response,
      },
    },
    async (request) => pos.changeSale(actor(request), request.params.id, request.params.item, request.body),
  );

  r.delete(
    '/api/pos/:id/product',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Removes a sale from the tab (its stock comes back)',
        params: ZTabParams,
        querystring: z.object({ item: z.coerce.number().int().positive() }),
        response,
      },
    },
    async (request) => pos.removeSale(actor(request), request.params.id, request.query.item),
  );

  r.post(
    '/api/pos/:id/payment',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'A payment on a walk-in’s tab (cash or card), at most what is open',
        description: 'Answers the payment and the tab’s totals.',
        params: ZTabParams,
        body: ZPosPayment,
        response: { 200: ZPosPaymentAnswer },
      },
    },
    async (request) => pos.pay(actor(request), request.params.id, request.body),
  );

  r.delete(
    '/api/pos/:id/payment',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Removes a payment of the tab',
        params: ZTabParams,
        querystring: z.object({ payment: z.coerce.number().int().positive() }),
        response,
      },
    },
    async (request) => pos.removePayment(request.params.id, request.query.payment),
  );

  r.post(
    '/api/pos/:id/booking/:booking/:room',
    {
      config: SELL,
      schema: {
        tags,
        summary: 'Charges the tab to a booked guest’s room: its sales become the booking’s onsite items',
        params: ZTabParams.extend({ booking: id, room: id }),
        response,
      },
    },
    async (request) => {
      const { id: tabId, booking, room } = request.params;
      return pos.chargeToRoom(actor(request), tabId, booking, room);
    },
  );

  registerPosResources(app, deps.db);
}
