import {
  type TCreateWidget,
  type TUpdateWidget,
  ZCreateWidget,
  ZPublicWidget,
  ZStatsQuery,
  ZTrackAnswer,
  ZTrackBody,
  ZTrackParams,
  ZUpdateWidget,
  ZWidget,
  ZWidgetSlug,
  ZWidgetStats,
} from '@atoll/domain/widgets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { widgets } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { defined, registerResource } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import type { TWidgetsService } from './widgets.service.ts';
import {
  assetColumns,
  copySlug,
  ensureFreeSlug,
  type TWidgetRow,
  toPublicWidget,
  toWidget,
} from './widgets.service.ts';

// The embeddable booking widget (spec booking "Widget"). Scopes widget.*; everything
// needs the feature switch bookingWidget (switched off: 404 after the access check). Public calls:
// the tracking `t/{widget}/{id}/{action}` (rate-limited per IP) and, beyond the spec, the page's
// `GET /api/widget/slug/{slug}` (asset, look, language of an active widget; nothing internal).
// The page /widget/:slug may be framed only by the widget's allowed origins (frame-ancestors below).

export const WIDGET_ACCESS = {
  read: ['widget.read'],
  create: ['widget.create'],
  update: ['widget.update'],
  delete: ['widget.delete'],
};
const tags = ['widget'];
/** Tracking calls per IP and minute: a page sends three at most per visitor. */
export const TRACK_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

const isWidgetRoute = (url: string | undefined) =>
  url !== undefined && (url === '/api/widget' || url.startsWith('/api/widget/'));

/** `frame-ancestors` of the page: 'self' and the allowed origins, or any when none are given. */
export const frameAncestors = (origins: readonly string[]) =>
  origins.length ? ["'self'", ...origins].join(' ') : '*';

export function registerWidgetsRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; widgets: TWidgetsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, widgets: service } = deps;
  const featureOn = async () => (await deps.settings.features()).bookingWidget;

  app.addHook('preHandler', async (request) => {
    if (!isWidgetRoute(request.routeOptions.url)) return;
    if (!(await featureOn())) throw notFound();
  });

  // The web page /widget/:slug (served by registerWeb as public.html): framed only where the widget
  // allows it; X-Frame-Options would forbid every other origin, so it goes for these pages. The loader
  // /widget.js is loaded by other sites' pages: its resource policy allows that.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/*' || request.method !== 'GET') return payload;
    const path = request.url.split('?')[0] ?? '';
    if (path === '/widget.js') {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return payload;
    }
    const match = /^\/widget\/([^/]+)\/?$/.exec(path);
    // Also on a 304: the browser takes the revalidated answer's headers for the cached page.
    if (!match?.[1]) return payload;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]);
    } catch {
      return payload;
    }
    if (!ZWidgetSlug.safeParse(slug).success || !(await featureOn())) return payload;
    const widget = await service.bySlug(slug);
    if (!widget) return payload;
    const csp = reply.getHeader('content-security-policy');
    const ancestors = `frame-ancestors ${frameAncestors(toWidget(widget).allowedOrigins)}`;
    if (typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        /frame-ancestors [^;]*/.test(csp)
          ? csp.replace(/frame-ancestors [^;]*/, ancestors)
          : `${csp};${ancestors}`,
      );
    }
    reply.removeHeader('x-frame-options');
    return payload;
  });

  registerResource(app, db, {
    name: 'widget',
    base: '/api/widget',
    table: widgets,
    id: widgets.id,
    fields: {
      id: { column: widgets.id, type: 'number', sort: true, filter: true },
      name: { column: widgets.name, type: 'string', sort: true, filter: true, search: true },
      slug: { column: widgets.slug, type: 'string', sort: true, filter: true, search: true },
      assetType: { column: widgets.assetType, type: 'string', sort: true, filter: true },
      resortId: { column: widgets.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: widgets.vesselId, type: 'number', sort: true, filter: true },
      language: { column: widgets.language, type: 'string', sort: true, filter: true },
      active: { column: widgets.active, type: 'boolean', sort: true, filter: true },
      createdAt: { column: widgets.createdAt, type: 'date', sort: true, filter: true },
    },
    output: ZWidget,
    toOutput: toWidget as (row: never) => z.infer<typeof ZWidget>,
    create: ZCreateWidget,
    update: ZUpdateWidget,
    access: WIDGET_ACCESS,
    toValues: async (ctx, input, existing?: TWidgetRow) => {
      const body = input as TCreateWidget | TUpdateWidget;
      const { assetId, assetType, ...rest } = body;
      const values = defined(rest);
      if (body.slug !== undefined) await ensureFreeSlug(ctx.tx, body.slug, existing?.id);
      if (assetType !== undefined || assetId !== undefined) {
        const type = assetType ?? (existing?.assetType === 'vessel' ? 'vessel' : 'resort');
        const id =
          assetId ??
          (existing && assetType === existing.assetType
            ? type === 'vessel'
              ? existing.vesselId
              : existing.resortId
            : null);
        if (id === null || id === undefined)
          throw badRequest('A new asset type needs its asset id', 'assetId');
        Object.assign(values, await assetColumns(ctx.tx, type, id));
      }
      return values;
    },
    copyValues: async (ctx, row: TWidgetRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, slug: await copySlug(ctx.tx, row.slug) };
    },
  });

  r.get(
    '/api/widget/slug/:slug',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'An active widget for its public page (beyond the spec): asset, look and language',
        description:
          'Public: the page /widget/:slug needs it before anyone logs in. Inactive or unknown slugs: 404. ' +
          'Carries no name and no allowed origins.',
        params: z.object({ slug: ZWidgetSlug }),
        response: { 200: ZPublicWidget },
      },
    },
    async (request) => {
      const widget = await service.bySlug(request.params.slug);
      if (!widget) throw notFound('Widget');
      return toPublicWidget(widget);
    },
  );

  r.post(
    '/api/widget/t/:widget/:id/:action',
    {
      // Public: the embedded page of an anonymous visitor reports its funnel steps; rate-limited per IP.
      config: { access: { public: true }, rateLimit: TRACK_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Tracks a visitor’s view, search or booking, once per visitor and action',
        description:
          '{widget}: the widget id or slug (active widgets only); {id}: the visitor’s random id; ' +
          '{action}: view, search or booking. A booking may send { bookingId }: it must be a booking of ' +
          'the widget’s resort or vessel (else 400). counted is false when this visitor’s action was ' +
          'counted before.',
        params: ZTrackParams,
        body: ZTrackBody,
        response: { 200: ZTrackAnswer },
      },
    },
    async (request) => {
      const { widget, id, action } = request.params;
      const body = (request.body ?? {}) as { bookingId?: number };
      return service.track(widget, id, action, body.bookingId);
    },
  );

  r.get(
    '/api/widget/:id/stats',
    {
      config: { access: { scopes: WIDGET_ACCESS.read } },
      schema: {
        tags,
        summary: 'The funnel views → searches → bookings with conversion rates, per day',
        description:
          'from/to: the operator’s days (booking.timezone), default the last 30 days up to today; at most a year. Each visitor counts ' +
          'once per action. Rates are fractions 0..1: searchRate = searches/views, bookingRate = ' +
          'bookings/searches, conversion = bookings/views (0 when the base is 0).',
        params: ZIdParams,
        querystring: ZStatsQuery,
        response: { 200: ZWidgetStats },
      },
    },
    async (request) => {
      return service.stats(request.params.id, request.query);
    },
  );
}
