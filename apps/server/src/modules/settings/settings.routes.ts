import { AGENCY_TYPES } from '@atoll/domain/agencies';
import { LANGUAGES } from '@atoll/domain/constants';
import { CUSTOMER_TYPES, GENDERS } from '@atoll/domain/customers';
import { LOGO_MAX_BYTES, MESSAGE_KINDS, TAX_STATES, ZScubaSettings } from '@atoll/domain/settings';
import { USER_TYPES } from '@atoll/domain/users';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ZIdParams, ZOk } from '../../http/request.ts';
import { USER_FILE_CSP } from '../../http/security-headers.ts';
import type { TLogoService } from './logo.service.ts';
import type { TSettingsService } from './settings.service.ts';
import { registerSettingsResources } from './settings-resources.routes.ts';

const tags = ['settings'];
const ZGroupParams = z.object({ group: z.string().min(1).max(50) });
const ZGroupValues = z.record(z.string(), z.unknown());
const ZTypes = z.object({
  userTypes: z.array(z.string()),
  customerTypes: z.array(z.string()),
  agencyTypes: z.array(z.string()),
  messageKinds: z.array(z.string()),
  genders: z.array(z.string()),
  taxStates: z.array(z.string()),
  languages: z.array(z.string()),
});

/** Settings groups, enumerations, scuba lists and the company logo (spec platform §7 Settings). */
export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; logo: TLogoService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = deps;

  r.get(
    '/api/settings/group/:group',
    {
      // Which groups a guest, any user or only settings.read may read is decided per group in the
      // service (SETTINGS_READ_ACCESS); unknown groups answer 404 to everyone.
      config: { access: { public: true } },
      schema: { tags, params: ZGroupParams, response: { 200: ZGroupValues } },
    },
    async (request) => settings.readGroup(request.user, request.params.group),
  );

  r.post(
    '/api/settings/group/:group',
    {
      config: { access: { scopes: ['settings.update', 'bookings.update'] } },
      schema: {
        tags,
        params: ZGroupParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: ZGroupValues },
      },
    },
    async (request) => settings.updateGroup(actor(request), request.params.group, request.body),
  );

  r.get(
    '/api/settings/types',
    { config: { access: { scopes: ['$$IsAuthorized$$'] } }, schema: { tags, response: { 200: ZTypes } } },
    async () => ({
      userTypes: [...USER_TYPES],
      customerTypes: [...CUSTOMER_TYPES],
      agencyTypes: [...AGENCY_TYPES],
      messageKinds: [...MESSAGE_KINDS],
      genders: [...GENDERS],
      taxStates: [...TAX_STATES],
      languages: [...LANGUAGES],
    }),
  );

  r.get(
    '/api/settings/scubaDatesDiveSites',
    {
      config: { access: { scopes: ['$$IsAuthorized$$'] } },
      schema: { tags, response: { 200: ZScubaSettings } },
    },
    async () => (await settings.values('scuba')) as z.infer<typeof ZScubaSettings>,
  );

  r.get(
    '/api/settings/logo/:id',
    { config: { access: { public: true } }, schema: { tags, params: ZIdParams } },
    async (request, reply) => {
      const file = await deps.logo.file(request.params.id);
      // A new upload gets a new id: this address never changes its content.
      return reply
        .type(file.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .header('content-security-policy', USER_FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  r.delete(
    '/api/settings/logo',
    { config: { access: { scopes: ['settings.update'] } }, schema: { tags, response: { 200: ZOk } } },
    async () => {
      await deps.logo.remove();
      return { ok: true as const };
    },
  );

  // Multipart only where it is needed: every other route keeps refusing form uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/settings/logo',
      {
        config: { access: { scopes: ['settings.update'] } },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ logo: z.string() }) },
        },
      },
      async (request, reply) => {
        const user = actor(request);
        if (!request.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the logo as multipart/form-data');
        }
        const part = await request.file();
        if (!part) throw badRequest('No file in the upload', 'file');
        const data = await part.toBuffer();
        const saved = await deps.logo.upload(user, {
          data,
          name: part.filename,
          truncated: part.file.truncated,
        });
        return reply.status(201).send(saved);
      },
    );
  });

  registerSettingsResources(app, deps.db);
}
