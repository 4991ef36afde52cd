import { ZBookingDocument } from '@atoll/domain/documents';
import { MEDIA_MAX_BYTES } from '@atoll/domain/inventory/media';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { TBookingUploads } from './booking-uploads.ts';

// POST /api/bookings/{bookingId}/upload (spec booking §7, Booking POSTs: file, optimize 0 or 1) and the delete of
// an uploaded file (not in the spec). The office (bookings.update) and agents (agencies.self, their agency's
// bookings; another booking answers 404).

const tags = ['documents'];
const WRITE = { access: { scopes: ['bookings.update', 'agencies.self'] } };
const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export function registerBookingUploadRoutes(app: FastifyInstance, deps: { uploads: TBookingUploads }) {
  const { uploads } = deps;

  // Multipart only in this scope, as with the media library: every other route keeps refusing form uploads.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bookings/:bookingId/upload',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Keeps a file with the booking: a JPEG, PNG, WebP or GIF image or a PDF, at most 10 MB',
          description:
            'multipart/form-data with one part `file`. `optimize=1` re-encodes an image (upright, at most 2000 px, ' +
            'metadata such as GPS stripped). Listed and downloaded with the booking’s documents.',
          consumes: ['multipart/form-data'],
          params: z.object({ bookingId: ZId }),
          querystring: z.object({ optimize: z.enum(['0', '1']).default('0') }).strict(),
          response: { 201: ZBookingDocument },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
        const part = await request.file();
        if (!part) throw badRequest('No file in the upload', 'file');
        const data = await part.toBuffer();
        const file = { data, truncated: part.file.truncated, filename: part.filename };
        const doc = await uploads.upload(
          actor(request),
          request.params.bookingId,
          file,
          request.query.optimize === '1',
        );
        return reply.code(201).send(doc);
      },
    );
  });

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/bookings/:bookingId/documents/:documentId',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Deletes an uploaded file of the booking (not in the spec); kept documents stay (409)',
        description: 'The office deletes any upload, an agent its own.',
        params: z.object({ bookingId: ZId, documentId: ZId }),
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => uploads.remove(actor(request), request.params.bookingId, request.params.documentId),
  );
}
