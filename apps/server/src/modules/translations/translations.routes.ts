import { LANGUAGES } from '@atoll/domain/constants';
import { ZCreateTranslation, ZTranslation, ZTranslationKeyInfo } from '@atoll/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { translations } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import type { TTranslationsService } from './translations.service.ts';

const tags = ['translation'];
type TRow = typeof translations.$inferSelect;

/** `/api/translation`: overrides of UI and document texts per language (key + lang unique, 409). */
export function registerTranslationRoutes(
  app: FastifyInstance,
  deps: { db: Db; translations: TTranslationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { translations: service } = deps;

  r.get(
    '/api/translation/keys',
    {
      config: { access: { scopes: ['settings.read'] } },
      schema: { tags, response: { 200: z.array(ZTranslationKeyInfo) } },
    },
    async () => service.keys(),
  );

  r.get(
    '/api/translation/overrides',
    {
      // The web applies these before anyone logs in: the login page is translated too.
      config: { access: { public: true } },
      schema: {
        tags,
        querystring: z.object({ lang: z.enum(LANGUAGES) }),
        response: { 200: z.record(z.string(), z.string()) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.overrides(request.query.lang);
    },
  );

  registerResource(app, deps.db, {
    name: 'translation',
    base: '/api/translation',
    table: translations,
    id: translations.id,
    fields: {
      id: { column: translations.id, type: 'number', sort: true, filter: true },
      key: { column: translations.key, type: 'string', sort: true, filter: true, search: true },
      lang: { column: translations.lang, type: 'string', sort: true, filter: true },
      value: { column: translations.value, type: 'string', filter: true, search: true },
      updatedAt: { column: translations.updatedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZTranslation,
    toOutput: ((row: TRow) => ({
      id: row.id,
      key: row.key,
      lang: row.lang as (typeof LANGUAGES)[number],
      value: row.value,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })) as (row: never) => z.infer<typeof ZTranslation>,
    create: ZCreateTranslation,
    update: ZCreateTranslation.partial(),
    access: {
      read: ['settings.read'],
      create: ['settings.update'],
      update: ['settings.update'],
      delete: ['settings.update'],
    },
    toValues: async (_ctx, input) => {
      if (input.key !== undefined) service.assertOverridable(input.key);
      return {
        ...(input.key !== undefined ? { key: input.key } : {}),
        ...(input.lang !== undefined ? { lang: input.lang } : {}),
        ...(input.value !== undefined ? { value: input.value } : {}),
      };
    },
  });
}
