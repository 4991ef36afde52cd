import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import {
  GUEST_FORM_FILE_MAX_KB,
  isThemeColor,
  LANGUAGES,
  MIN_TOKEN_LENGTH,
  THEME_COLORS,
} from '@atoll/domain/constants';
import { ZLoginAnswer, ZSessionUser } from '@atoll/domain/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import { requestClient, requestLanguage, ZOk } from '../../http/request.ts';
import type { TAuthService } from '../auth/auth.service.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { EVENTS_READ, type TSystemService } from './system.service.ts';

const tags = ['system'];

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: {
    system: TSystemService;
    settings: TSettingsService;
    auth: TAuthService;
    version: string;
    dataDir: string;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = deps;

  r.get(
    '/version',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: z.object({ version: z.string() }) } },
    },
    async () => ({ version: deps.version }),
  );

  // Search engines may index the guests' booking pages, nothing else: not the back office, not the API, never
  // a guest's token page (guest forms, custom forms, payment links).
  r.get(
    '/robots.txt',
    { config: { access: { public: true } }, schema: { tags, hide: true } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('User-agent: *\nAllow: /book/online\nAllow: /book/resort\nDisallow: /\n'),
  );

  r.get(
    '/api/bootstrap',
    {
      // The web runs its token-expired action on this call's 401 (spec booking §8).
      config: { access: { public: true, reportExpiredToken: true } },
      schema: {
        tags,
        response: {
          200: z.object({
            version: z.string(),
            language: z.enum(LANGUAGES),
            languages: z.array(z.enum(LANGUAGES)),
            features: z.record(z.string(), z.boolean()),
            views: z.record(z.string(), z.boolean()),
            maxGuestFormFileSize: z.number().int(),
            disk: z.object({ size: z.number(), used: z.number(), free: z.number() }),
            logo: z.string().nullable(),
            company: z.string().nullable(),
            theme: z.object({ primaryColor: z.enum(THEME_COLORS) }),
            user: ZSessionUser.nullable(),
          }),
        },
      },
    },
    async (request) => {
      const [features, views, maxKb, logo, company, disk, primaryColor] = await Promise.all([
        settings.features(),
        settings.views(),
        settings.get('guestform', 'maxGuestFormFileSizeinKb', GUEST_FORM_FILE_MAX_KB),
        settings.get<string | null>('company', 'logo', null),
        settings.get<string | null>('company', 'name', null),
        diskUsage(deps.dataDir),
        settings.get<string>('theme', 'primaryColor', 'blue'),
      ]);
      return {
        version: deps.version,
        language: request.user?.settings.language ?? requestLanguage(request),
        languages: [...LANGUAGES],
        features,
        views,
        maxGuestFormFileSize: maxKb,
        disk,
        logo,
        company,
        // An unknown colour in the settings falls back to the default rather than breaking the app.
        theme: { primaryColor: isThemeColor(primaryColor) ? primaryColor : 'blue' },
        user: request.user,
      };
    },
  );

  r.post(
    '/clearCache',
    { config: { access: { scopes: ['admin'] } }, schema: { tags, response: { 200: ZOk } } },
    async () => {
      settings.clearCache();
      return { ok: true as const };
    },
  );

  r.get(
    '/api/settings/lang',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['settings'],
        response: { 200: z.object({ lang: z.enum(LANGUAGES), languages: z.array(z.enum(LANGUAGES)) }) },
      },
    },
    async (request) => ({ lang: requestLanguage(request), languages: [...LANGUAGES] }),
  );

  r.get(
    '/api/events/notifications',
    {
      config: { access: { scopes: EVENTS_READ } },
      schema: {
        tags,
        querystring: z.object({ unread: z.enum(['true', 'false']).optional() }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number().int(),
                type: z.string(),
                text: z.string(),
                data: z.record(z.string(), z.unknown()),
                createdAt: z.string(),
                read: z.boolean(),
              }),
            ),
            total: z.number().int(),
            unread: z.number().int(),
          }),
        },
      },
    },
    async (request) => deps.system.notifications(actor(request), request.query),
  );

  // One path, two uses (spec platform §7): a token-sized parameter is redeemed, anything else names
  // the system to issue a one-time login for.
  const ZJumpParams = z.object({ param: z.string().min(1).max(200) });
  const ZIssued = z.object({
    token: z.string(),
    system: z.string(),
    expiresIn: z.number().int(),
    url: z.string(),
  });
  const jump = async (
    request: FastifyRequest<{ Params: { param: string }; Querystring: { target?: string } }>,
  ) => {
    const { param } = request.params;
    if (param.length > MIN_TOKEN_LENGTH) return deps.auth.redeemJump(param, requestClient(request));
    // Too short for a token and no system name either: a malformed request, not a missing login.
    if (!/^[a-z0-9][a-z0-9_-]{0,49}$/i.test(param)) throw badRequest('Not a system name', 'param');
    if (!request.user) throw unauthorized();
    return deps.auth.issueJump(request.user, param, request.query.target);
  };
  const jumpSchema = {
    tags: ['auth'],
    params: ZJumpParams,
    querystring: z.object({
      target: z
        .string()
        .max(2000)
        .regex(/^\/(?!\/)/)
        .optional(),
    }),
    response: { 200: z.union([ZLoginAnswer.extend({ target: z.string().optional() }), ZIssued]) },
  };
  r.get(
    '/api/cauth/jump/:param',
    { config: { access: { public: true } }, schema: jumpSchema },
    jump as never,
  );
  r.post(
    '/api/cauth/jump/:param',
    { config: { access: { public: true } }, schema: jumpSchema },
    jump as never,
  );
}

/**
 * The disk the data directory is on. The directory may not exist (yet): with PostgreSQL nothing is
 * written there, and the embedded database creates it on first start. Then the nearest existing
 * parent tells the same disk, instead of answering zeros.
 */
export async function diskUsage(dir: string) {
  for (let current = resolve(dir); ; current = dirname(current)) {
    try {
      const s = await statfs(current);
      const size = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      return { size, used: size - free, free };
    } catch {
      if (dirname(current) === current) return { size: 0, used: 0, free: 0 };
    }
  }
}
