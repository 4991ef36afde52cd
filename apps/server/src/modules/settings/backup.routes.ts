import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TBackupService } from './backup.service.ts';
import type { TDropboxBackups } from './dropbox-backup.ts';

// Backups (spec platform §7 Settings): POST backup writes one into DATA_DIR/backups, GET backup/local lists
// them, GET backup/local/{name} downloads one; a backup holds every record, password hashes included, so
// only administrators reach these. Dropbox (when configured, docs/operations.md): GET backup/dropbox lists the
// backups there, POST uploads a new one (keeping the newest DROPBOX_KEEP), GET backup/dropbox/{name} downloads
// one; unconfigured 409, a failure of Dropbox 502 with nothing changed. Restoring is a command for a stopped
// server (docs/operations.md), not an API call.

const tags = ['settings'];
const ADMIN = { access: { scopes: ['admin'] } };
const ZBackup = z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() });

export function registerBackupRoutes(
  app: FastifyInstance,
  deps: { backups: TBackupService; dropbox: TDropboxBackups },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { backups } = deps;

  r.post(
    '/api/settings/backup',
    { config: ADMIN, schema: { tags, response: { 201: ZBackup } } },
    async (_request, reply) => reply.status(201).send(await backups.create()),
  );

  r.get(
    '/api/settings/backup/local',
    { config: ADMIN, schema: { tags, response: { 200: z.array(ZBackup) } } },
    async () => backups.list(),
  );

  r.get(
    '/api/settings/backup/local/:name',
    { config: ADMIN, schema: { tags, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      // read() answers 404 for anything but one of our own file names, so the name is safe in the header.
      const bytes = backups.read(request.params.name);
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  const { dropbox } = deps;
  const REMOTE =
    'PROVIDER_NOT_CONFIGURED (409) when Dropbox is not set up; PROVIDER_UNAVAILABLE (502) with the reason.';
  r.get(
    '/api/settings/backup/dropbox',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'The backups in Dropbox, newest first',
        description: REMOTE,
        response: { 200: z.array(ZBackup) },
      },
    },
    async () => dropbox.list(),
  );
  r.post(
    '/api/settings/backup/dropbox',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Uploads a new backup to Dropbox (not in the spec); the oldest beyond the kept number go',
        description: `Nothing is written locally. ${REMOTE}`,
        response: { 201: z.object({ backup: ZBackup, removed: z.array(z.string()) }) },
      },
    },
    async (_request, reply) => reply.status(201).send(await dropbox.upload()),
  );
  r.get(
    '/api/settings/backup/dropbox/:name',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Downloads a backup from Dropbox (not in the spec)',
        description: `404 for a name that is not a backup there. ${REMOTE}`,
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const bytes = await dropbox.read(request.params.name);
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
