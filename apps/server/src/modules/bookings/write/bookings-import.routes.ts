import {
  BOOKING_IMPORT_COLUMNS,
  BOOKING_IMPORT_MAX_ROWS,
  BOOKING_IMPORT_TYPES,
  ZBookingImportAnswer,
  ZBookingImportFormat,
  ZBookingImportQuery,
} from '@atoll/domain/bookings/import';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../http/access.ts';
import { AppError, badRequest } from '../../../http/errors.ts';
import type { TBookingParts } from '../bookings.parts.ts';

// The booking import (docs/domain/lifecycle.md "Importing bookings"): the formats, and a CSV file as a
// multipart upload (only these routes take forms), all bookings or none. The office only.

const tags = ['bookings'];
const MAX_BYTES = 5 * 1024 * 1024;
const ACCESS = { scopes: ['bookings.create'] };

export function registerBookingImportRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'importer'>) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_BYTES, files: 1, fields: 0, parts: 1 },
      throwFileSizeLimit: false,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/bookings/import/types',
      {
        config: { access: ACCESS },
        schema: {
          tags,
          summary: 'The files bookings can be imported from',
          response: { 200: z.array(ZBookingImportFormat) },
        },
      },
      async () =>
        BOOKING_IMPORT_TYPES.map((type) => ({
          type,
          columns: [...BOOKING_IMPORT_COLUMNS],
          required: ['room' as const, 'from' as const],
          maxRows: BOOKING_IMPORT_MAX_ROWS,
        })),
    );

    r.post(
      '/api/bookings/import/:type',
      {
        config: { access: ACCESS },
        schema: {
          tags,
          summary: 'Imports bookings from a file',
          description:
            'CSV with a header row (reference, state, asset, room, from, to, guests, pax, email, agency, language, currency, note); a row per room or cabin, rows of one reference are one booking. Each booking is checked, held and priced as a new booking; one refused row imports nothing (400 naming every row). A reference a booking already has is skipped. dryRun=1 checks and prices, writes nothing.',
          consumes: ['multipart/form-data'],
          params: z.object({ type: z.enum(BOOKING_IMPORT_TYPES) }),
          querystring: ZBookingImportQuery,
          response: { 200: ZBookingImportAnswer },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data');
        const part = await request.file();
        if (!part) throw badRequest('No file in the upload', 'file');
        const data = await part.toBuffer();
        if (part.file.truncated)
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file exceeds ${MAX_BYTES} bytes`);
        const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
        return deps.importer.importCsv(actor(request), data.toString('utf8'), dryRun);
      },
    );
  });
}
