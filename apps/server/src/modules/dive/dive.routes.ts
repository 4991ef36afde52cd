import { LANGUAGES } from '@atoll/domain/constants';
import {
  type TCreateDiveLog,
  type TCreateDivePlan,
  ZCreateDiveLog,
  ZCreateDivePlan,
  ZDiveLog,
  ZDiveLogFields,
  ZDiveOverview,
  ZDivePlan,
  ZDiveStatistics,
  ZPlannedDiver,
} from '@atoll/domain/dive/plan';
import { ZIsoDate } from '@atoll/domain/inventory/availability';
import { D } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { diveLogs, divePlans, employees, worklogs } from '../../db/schema.ts';
import { loadLetterhead, sendPdf } from '../../documents/pdf.tsx';
import { actor } from '../../http/access.ts';
import { sendCsv } from '../../http/csv.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requestLanguage, ZIdParams } from '../../http/request.ts';
import { defined, registerResource } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { createDiveRepository, type TDiveLogRow, type TDivePlanRow, toDiveLog } from './dive.repository.ts';
import type { TDiveLogService } from './dive-log.service.ts';
import type { TDivePlanService } from './dive-plan.service.ts';
import { crudScopes, registerDiveResources } from './dive-resources.routes.ts';
import { worklogSheetPdf } from './dive-worklog-sheet.tsx';

// The dive day's calls (spec platform §2 "Dive", booking §7 "Dive log"): the generic resources, the
// plan's divers, print and log, the log's statistics, overview and UDDF. The diveLog switch gates them.

const PLAN = crudScopes('diveplan');
const LOG = crudScopes('divelog');
const repository = createDiveRepository();
const GATED = /^\/api\/dive(site|log|type|boat|plan)(\/|$)/;
const ZDay = z.object({ date: ZIsoDate });
const ZPeriod = z
  .object({ from: ZIsoDate, to: ZIsoDate })
  .refine((p) => p.from <= p.to, { message: 'from after to', path: ['to'] });

export function registerDiveRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; plans: TDivePlanService; logs: TDiveLogService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, plans, logs } = deps;

  app.addHook('preHandler', async (request) => {
    if (!GATED.test(request.routeOptions.url ?? '')) return;
    if (!(await deps.settings.features()).diveLog) throw notFound();
  });

  registerDiveResources(app, db);

  registerResource(app, db, {
    name: 'diveplan',
    base: '/api/diveplan',
    table: divePlans,
    id: divePlans.id,
    fields: {
      id: { column: divePlans.id, type: 'number', sort: true, filter: true },
      date: { column: divePlans.date, type: 'date', sort: true, filter: true },
      time: { column: divePlans.time, type: 'string', sort: true, filter: true },
      boatId: { column: divePlans.boatId, type: 'number', sort: true, filter: true },
      siteId: { column: divePlans.siteId, type: 'number', sort: true, filter: true },
      resortId: { column: divePlans.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: divePlans.vesselId, type: 'number', sort: true, filter: true },
      note: { column: divePlans.note, type: 'string', search: true },
    },
    output: ZDivePlan,
    toOutput: ((row: z.infer<typeof ZDivePlan>) => row) as (row: never) => z.infer<typeof ZDivePlan>,
    expand: (async (rows: TDivePlanRow[]) => plans.expand(rows)) as never,
    create: ZCreateDivePlan,
    update: ZCreateDivePlan.partial(),
    access: PLAN,
    toValues: (ctx, input, existing?: TDivePlanRow) =>
      plans.values(ctx.tx, input as Partial<TCreateDivePlan>, existing),
    copyValues: async (_ctx, row: TDivePlanRow) => {
      const { id: _i, createdAt: _c, updatedAt: _u, loggedAt: _l, ...rest } = row;
      return { ...rest, divers: [] };
    },
  });

  registerResource(app, db, {
    name: 'divelog',
    base: '/api/divelog',
    table: diveLogs,
    id: diveLogs.id,
    fields: {
      id: { column: diveLogs.id, type: 'number', sort: true, filter: true },
      date: { column: diveLogs.date, type: 'date', sort: true, filter: true },
      customerId: { column: diveLogs.customerId, type: 'number', sort: true, filter: true },
      dayGuestId: { column: diveLogs.dayGuestId, type: 'number', sort: true, filter: true },
      bookingId: { column: diveLogs.bookingId, type: 'number', sort: true, filter: true },
      siteId: { column: diveLogs.siteId, type: 'number', sort: true, filter: true },
      boatId: { column: diveLogs.boatId, type: 'number', sort: true, filter: true },
      guideId: { column: diveLogs.guideId, type: 'number', sort: true, filter: true },
      planId: { column: diveLogs.planId, type: 'number', sort: true, filter: true },
      depth: { column: diveLogs.depth, type: 'number', sort: true, filter: true },
      comment: { column: diveLogs.comment, type: 'string', search: true },
    },
    output: ZDiveLog,
    toOutput: toDiveLog as (row: never) => z.infer<typeof ZDiveLog>,
    expand: (async (rows: TDiveLogRow[]) => repository.withNames(db, rows)) as never,
    create: ZCreateDiveLog,
    update: ZDiveLogFields.partial(),
    access: LOG,
    // Customers (club) read their own log (spec booking §3, issue: "customers read their own log").
    self: { scopes: ['customers.self'], where: (user) => eq(diveLogs.customerId, user.customerId ?? -1) },
    toValues: async (_ctx, input, existing?: TDiveLogRow) => {
      const values = defined(input as Partial<TCreateDiveLog>);
      if ('depth' in values) values.depth = values.depth === null ? null : String(values.depth);
      const merged = { ...existing, ...values };
      if (merged.customerId == null && merged.dayGuestId == null)
        throw badRequest('A dive belongs to a customer or a day guest', 'customerId');
      return values;
    },
  });

  r.get(
    '/api/diveplan/divers',
    {
      config: { access: { scopes: PLAN.read } },
      schema: {
        tags: ['diveplan'],
        description: 'Who may be planned on a day: guests in house and day guests, with their readiness.',
        querystring: ZDay,
        response: { 200: z.object({ data: z.array(ZPlannedDiver) }) },
      },
    },
    async (request) => ({ data: await plans.candidates(request.query.date) }),
  );

  r.post(
    '/api/diveplan/:id/log',
    {
      config: { access: { all: [PLAN.update, LOG.create] } },
      schema: {
        tags: ['diveplan'],
        description:
          "Writes the trip's dives into the log, once, and charges them: the dive type's product on the guests' bookings (onsite items) and the day guests' tabs.",
        params: ZIdParams,
        response: {
          201: z.object({
            logged: z.number().int(),
            charged: z.number().int(),
            unchargedBookings: z.array(z.number().int()),
          }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await plans.log(actor(request), request.params.id)),
  );

  r.post(
    '/api/diveplan/print/:template',
    {
      config: { access: { scopes: PLAN.read } },
      schema: {
        tags: ['diveplan'],
        description: 'The boat list of a day (all trips, or those named) as a PDF.',
        params: z.object({ template: z.enum(['boatList']) }),
        body: z.object({
          date: ZIsoDate,
          ids: z.array(z.number().int().positive()).max(100).optional(),
          lang: z.enum(LANGUAGES).optional(),
        }),
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const lang = request.body.lang ?? user.settings.language ?? requestLanguage(request);
      const { pdf, filename } = await plans.printBoatList(request.body.date, request.body.ids, lang);
      return sendPdf(reply, pdf, filename);
    },
  );

  r.get(
    '/api/divelog/statistics',
    {
      config: { access: { scopes: LOG.read } },
      schema: { tags: ['divelog'], querystring: ZPeriod, response: { 200: ZDiveStatistics } },
    },
    async (request) => logs.statistics(request.query.from, request.query.to),
  );

  r.get(
    '/api/divelog/overview',
    {
      config: { access: { scopes: LOG.read } },
      schema: { tags: ['divelog'], querystring: ZDay, response: { 200: ZDiveOverview } },
    },
    async (request) => logs.overview(request.query.date),
  );

  r.post(
    '/api/divelog/uddf/:id',
    {
      bodyLimit: 32 * 1024 * 1024,
      config: { access: { scopes: LOG.create } },
      schema: {
        tags: ['divelog'],
        description:
          "Imports a customer's dives from a UDDF file (dive computer export); dives already there are skipped.",
        params: ZIdParams,
        body: z.object({ uddf: z.string().min(1).max(30_000_000) }),
        response: { 200: z.object({ imported: z.number().int(), skipped: z.number().int() }) },
      },
    },
    async (request) => logs.importUddf(request.params.id, request.body.uddf),
  );

  r.get(
    '/api/divelog/uddf/:id',
    {
      config: { access: { scopes: [...LOG.read, 'customers.self'] } },
      schema: { tags: ['divelog'], description: "A customer's log as a UDDF file.", params: ZIdParams },
    },
    async (request, reply) => {
      const user = actor(request);
      const ownOnly = !hasScope(user.scopes, LOG.read);
      const { xml, filename } = await logs.exportUddf(user, request.params.id, ownOnly);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(xml);
    },
  );

  r.get(
    '/api/worklog/sheet/:id',
    {
      config: { access: { scopes: ['employee.read'] } },
      schema: {
        tags: ['worklog'],
        description:
          "An employee's month sheet as CSV (default) or PDF: each worked day's hours, dives and note, then the month's totals.",
        params: ZIdParams,
        querystring: z.object({
          month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM'),
          format: z.enum(['csv', 'pdf']).default('csv'),
          lang: z.enum(LANGUAGES).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { month, format } = request.query;
      const [year, mm] = month.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, mm, 0)).toISOString().slice(0, 10);
      const [employee] = await db.select().from(employees).where(eq(employees.id, request.params.id));
      if (!employee) throw notFound('Employee');
      const rows = await db
        .select()
        .from(worklogs)
        .where(
          and(
            eq(worklogs.employeeId, employee.id),
            gte(worklogs.date, `${month}-01`),
            lte(worklogs.date, last),
          ),
        )
        .orderBy(worklogs.date, worklogs.id);
      const hours = rows.reduce((sum, w) => sum.plus(w.hours), new D(0));
      const dives = rows.reduce((sum, w) => sum + w.dives, 0);
      const name = `worklog-${employee.id}-${month}`;
      if (format === 'pdf') {
        const lang = request.query.lang ?? actor(request).settings.language ?? requestLanguage(request);
        const sheet = {
          employee,
          month,
          rows: rows.map((w) => ({ date: w.date, hours: w.hours, dives: w.dives, note: w.note ?? '' })),
          hours: hours.toFixed(2),
          dives,
        };
        const pdf = await worklogSheetPdf(sheet, await loadLetterhead(db, deps.settings), lang);
        return sendPdf(reply, pdf, `${name}.pdf`);
      }
      const lines = [
        ['employee', 'date', 'hours', 'dives', 'note'],
        ...rows.map((w) => [employee.name, w.date, new D(w.hours).toFixed(2), w.dives, w.note ?? '']),
        [employee.name, 'total', hours.toFixed(2), dives, ''],
      ];
      return sendCsv(request, reply, lines, `${name}.csv`);
    },
  );
}
