import {
  MAIL_SCHEDULE_STATES,
  ruleProblems,
  type TMailSchedule,
  type TMailScheduleAnchor,
  type TMailScheduleState,
  ZCreateMailSchedule,
  ZMailSchedule,
  ZScheduledMail,
  ZScheduledMailQuery,
  ZTestMailAnswer,
  ZTestMailSchedule,
  ZUpdateMailSchedule,
} from '@atoll/domain/mail/schedule';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailSchedules } from '../../db/schema.ts';
import { actor } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { defined, registerResource } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TMailScheduleRow } from './mail-schedule.repository.ts';
import type { TMailScheduleService } from './mail-schedule.service.ts';

// The mail scheduler (spec: /api/mailschedule with its standard calls, scheduled, scheduled/{id} and
// {id}/test; switch mailScheduler, off: 404). The rules are configuration (mailschedule.*); the planned mails
// name bookings, so each user sees those of the bookings they may read.

const ACCESS = {
  read: ['mailschedule.read'],
  create: ['mailschedule.create'],
  update: ['mailschedule.update'],
  delete: ['mailschedule.delete'],
};
const tags = ['mailschedule'];
const GATED = /^\/api\/mailschedule(\/|$)/;

export function toMailSchedule(row: TMailScheduleRow): TMailSchedule {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    anchor: row.anchor as TMailScheduleAnchor,
    days: row.days,
    templateIdDe: row.templateIdDe,
    templateIdEn: row.templateIdEn,
    states: (row.states as string[]).filter((s): s is TMailScheduleState =>
      (MAIL_SCHEDULE_STATES as readonly string[]).includes(s),
    ),
    resortId: row.resortId,
    vesselId: row.vesselId,
    includeAgencyBookings: row.includeAgencyBookings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function registerMailScheduleRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; schedules: TMailScheduleService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { schedules } = deps;

  app.addHook('preHandler', async (request) => {
    if (!GATED.test(request.routeOptions.url ?? '')) return;
    if (!(await deps.settings.features()).mailScheduler) throw notFound();
  });

  r.get(
    '/api/mailschedule/scheduled',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: {
        tags,
        summary:
          'The mails the active rules will send in from..to (default the next 30 days), not yet queued',
        querystring: ZScheduledMailQuery,
        response: { 200: z.object({ data: z.array(ZScheduledMail), total: z.number().int() }) },
      },
    },
    async (request) => {
      const data = await schedules.scheduled(actor(request), request.query);
      return { data, total: data.length };
    },
  );

  r.delete(
    '/api/mailschedule/scheduled/:id',
    {
      config: { access: { scopes: [...ACCESS.update, ...ACCESS.delete] } },
      schema: {
        tags,
        summary: 'Skips one planned mail ({schedule}-{booking}): the rule does not mail that booking',
        params: z.object({ id: z.string().max(40) }),
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => schedules.skip(actor(request), request.params.id),
  );

  r.post(
    '/api/mailschedule/:id/test',
    {
      config: { access: { scopes: [...ACCESS.create, ...ACCESS.update] } },
      schema: {
        tags,
        summary:
          'Queues the rule’s mail for one booking (else the next it will mail) to the user, marked [Test]',
        params: ZIdParams,
        body: ZTestMailSchedule,
        response: { 200: ZTestMailAnswer },
      },
    },
    async (request) => schedules.test(actor(request), request.params.id, request.body),
  );

  registerResource(app, deps.db, {
    name: 'mailschedule',
    base: '/api/mailschedule',
    table: mailSchedules,
    id: mailSchedules.id,
    fields: {
      id: { column: mailSchedules.id, type: 'number', sort: true, filter: true },
      name: { column: mailSchedules.name, type: 'string', sort: true, filter: true, search: true },
      anchor: { column: mailSchedules.anchor, type: 'string', sort: true, filter: true },
      days: { column: mailSchedules.days, type: 'number', sort: true, filter: true },
      isActive: { column: mailSchedules.isActive, type: 'boolean', sort: true, filter: true },
      resortId: { column: mailSchedules.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: mailSchedules.vesselId, type: 'number', sort: true, filter: true },
      updatedAt: { column: mailSchedules.updatedAt, type: 'date', sort: true, filter: true },
    },
    output: ZMailSchedule,
    toOutput: toMailSchedule as (row: never) => TMailSchedule,
    create: ZCreateMailSchedule,
    update: ZUpdateMailSchedule,
    access: ACCESS,
    // Unknown templates, resorts or vessels: refused by their foreign keys (400).
    toValues: async (_ctx, input, existing?: TMailScheduleRow) => {
      const values = defined(input as object);
      const [problem] = ruleProblems({ ...existing, ...values });
      if (problem) throw badRequest(problem.message, problem.path);
      return values;
    },
    copyValues: async (_ctx, row: TMailScheduleRow) => {
      const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, isActive: false };
    },
  });
}
