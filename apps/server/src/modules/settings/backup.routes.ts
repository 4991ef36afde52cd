import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { TBackupService } from './backup.service.ts';

// Backups (spec platform §7 Settings): POST backup writes one into DATA_DIR/backups, GET backup/local lists
// them, GET backup/local/{name} downloads one; a backup holds every record, password hashes included, so
// only administrators reach these. Dropbox needs a network this installation does not have: a clear 409.
// Restoring is a command for a stopped server (docs/operations.md), not an API call.

const tags = ['settings'];
const ADMIN = { access: { scopes: ['admin'] } };
const ZBackup = z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() });

export function registerBackupRoutes(app: FastifyInstance, deps: { backups: TBackupService }) {
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

  r.get('/api/settings/backup/dropbox', { config: ADMIN, schema: { tags } }, async () => {
    throw new AppError(
      409,
      'PROVIDER_NOT_CONFIGURED',
      'Dropbox backups are not set up: use the local backups',
    );
  });
}
