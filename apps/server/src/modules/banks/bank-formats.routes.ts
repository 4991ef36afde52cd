import { ZImportResult } from '@atoll/domain/banks';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { ENTRY_ACCESS } from './banks-resources.routes.ts';
import { importStatementFile, type TStatementFormat } from './import-statement.flow.ts';
import { decodeStatement } from './statement-file.ts';

// The statement imports beside CSV (docs/domain/bank-formats.md): camt.053 XML and MT940, as a multipart
// upload or as the body itself; into the same bank entries, duplicates skipped, matched as CSV entries are.

const tags = ['banks'];
const MAX_BYTES = 20 * 1024 * 1024;
const ZBankIdParams = z.object({ bankId: ZIdParams.shape.id });

const FORMATS: Record<TStatementFormat, { path: string; summary: string; types: string[] }> = {
  camt053: {
    path: 'camt053',
    summary: 'Imports a camt.053 bank statement (ISO 20022 XML, versions 02 and 08)',
    types: ['application/xml', 'text/xml'],
  },
  mt940: {
    path: 'mt940',
    summary: 'Imports an MT940 bank statement (SWIFT, with German :86: details)',
    types: ['text/plain', 'application/octet-stream'],
  },
};

/** The file's text from a multipart upload or the body. */
async function fileText(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data or as the body');
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.file.truncated)
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The file exceeds ${MAX_BYTES} bytes`);
    return decodeStatement(data);
  }
  throw badRequest('No file in the upload', 'file');
}

export function registerStatementFormatRoutes(
  app: FastifyInstance,
  deps: Parameters<typeof importStatementFile>[0],
) {
  for (const [format, info] of Object.entries(FORMATS) as [
    TStatementFormat,
    (typeof FORMATS)[TStatementFormat],
  ][]) {
    app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: MAX_BYTES, files: 1, fields: 0, parts: 1 },
        throwFileSizeLimit: false,
      });
      scope.addContentTypeParser(
        info.types,
        { parseAs: 'buffer', bodyLimit: MAX_BYTES },
        (_request, body, done) => done(null, decodeStatement(body as Buffer)),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        `/api/banks/:bankId/import/${info.path}`,
        {
          config: { access: { scopes: ENTRY_ACCESS.create } },
          schema: {
            tags,
            summary: `${info.summary} (not in the spec)`,
            description:
              'multipart/form-data with the file, or the file as the body. A file that cannot be read imports ' +
              'nothing (400 naming the entry). Several statements per file; duplicates (the bank’s reference, ' +
              'else date, amount and reference) are skipped and counted, so importing a file twice adds ' +
              'nothing; incoming entries get suggestions, and a unique strong match is assigned when the ' +
              'bank auto-assigns.',
            consumes: ['multipart/form-data', ...info.types],
            params: ZBankIdParams,
            response: { 200: ZImportResult },
          },
        },
        async (request) =>
          importStatementFile(deps, actor(request), request.params.bankId, await fileText(request), format),
      );
    });
  }
}
