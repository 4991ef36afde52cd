import {
  contestProblems,
  type TContest,
  type TContestMetric,
  ZContest,
  ZContestStanding,
  ZContestSubscribe,
  ZContestSubscription,
  ZCreateContest,
  ZUpdateContest,
} from '@atoll/domain/contests';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contests } from '../../db/schema.ts';
import { actor } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { defined, registerResource } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TContestRow } from './contests.repository.ts';
import { CONTEST_OFFICE, isContestAgent, type TContestsService } from './contests.service.ts';

// Agency sales contests (spec: /api/contest with its standard calls, {id}/subscription, subscribe and
// unsubscribe; switch contest, off: 404). The office writes contests; agents read the active ones (the
// operator's offer), take part with their own agency and see only their own line of the standing.

const ACCESS = {
  read: ['contest.read'],
  create: ['contest.create'],
  update: ['contest.update'],
  delete: ['contest.delete'],
};
/** Subscribing: a reader who is the office or an agent (the service decides for which agency). */
const SUBSCRIBE = { all: [ACCESS.read, [...CONTEST_OFFICE, 'agencies.self']] };
const tags = ['contest'];
const GATED = /^\/api\/contest(\/|$)/;

export function toContest(row: TContestRow): TContest {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    prize: row.prize,
    from: row.from,
    to: row.to,
    metric: row.metric as TContestMetric,
    resortId: row.resortId,
    vesselId: row.vesselId,
    subscribeUntil: row.subscribeUntil,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function registerContestRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; contests: TContestsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = deps.contests;

  app.addHook('preHandler', async (request) => {
    if (!GATED.test(request.routeOptions.url ?? '')) return;
    if (!(await deps.settings.features()).contest) throw notFound();
  });

  r.get(
    '/api/contest/:id/subscription',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: {
        tags,
        summary:
          'The standing: the office every subscribed agency with figure and rank, an agent its own line only',
        params: ZIdParams,
        response: { 200: ZContestStanding },
      },
    },
    async (request) => service.standing(actor(request), request.params.id),
  );

  r.post(
    '/api/contest/subscribe',
    {
      config: { access: SUBSCRIBE },
      schema: {
        tags,
        summary: 'An agency takes part: an agent its own, the office the agency named',
        body: ZContestSubscribe,
        response: { 201: ZContestSubscription },
      },
    },
    async (request, reply) => reply.status(201).send(await service.subscribe(actor(request), request.body)),
  );

  r.post(
    '/api/contest/unsubscribe',
    {
      config: { access: SUBSCRIBE },
      schema: {
        tags,
        summary: 'An agency leaves a contest while it takes subscriptions',
        body: ZContestSubscribe,
        response: { 200: ZContestSubscription },
      },
    },
    async (request) => service.unsubscribe(actor(request), request.body),
  );

  registerResource(app, deps.db, {
    name: 'contest',
    base: '/api/contest',
    table: contests,
    id: contests.id,
    fields: {
      id: { column: contests.id, type: 'number', sort: true, filter: true },
      name: { column: contests.name, type: 'string', sort: true, filter: true, search: true },
      metric: { column: contests.metric, type: 'string', sort: true, filter: true },
      from: { column: contests.from, type: 'date', sort: true, filter: true },
      to: { column: contests.to, type: 'date', sort: true, filter: true },
      isActive: { column: contests.isActive, type: 'boolean', sort: true, filter: true },
      resortId: { column: contests.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: contests.vesselId, type: 'number', sort: true, filter: true },
      updatedAt: { column: contests.updatedAt, type: 'date', sort: true, filter: true },
    },
    output: ZContest,
    toOutput: toContest as (row: never) => TContest,
    create: ZCreateContest,
    update: ZUpdateContest,
    access: ACCESS,
    // Agents see the contests on offer: the active ones.
    assets: (user) => (isContestAgent(user) ? eq(contests.isActive, true) : undefined),
    // Unknown resorts or vessels: refused by their foreign keys (400).
    toValues: async (_ctx, input, existing?: TContestRow) => {
      const values = defined(input as object);
      const [problem] = contestProblems({ ...existing, ...values });
      if (problem) throw badRequest(problem.message, problem.path);
      return values;
    },
    copyValues: async (_ctx, row: TContestRow) => {
      const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, isActive: false };
    },
    beforeDelete: async (ctx, row: TContestRow) => service.assertDeletable(ctx.tx, row.id),
  });
}
