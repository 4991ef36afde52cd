import {
  MEDIA_MAX_BYTES,
  type TMedia,
  type TMediaFolder,
  ZCreateMedia,
  ZCreateMediaFolder,
  ZMedia,
  ZMediaDataQuery,
  ZMediaFolder,
  ZMediaImagesQuery,
  ZMediaTypeCount,
  ZMediaUploadQuery,
  ZMediaWithData,
  ZMoveMediaToFolder,
  ZUpdateMedia,
  ZUpdateMediaFolder,
} from '@atoll/domain/inventory/media';
import { listAnswer } from '@atoll/domain/list';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { media, mediaFolders } from '../../db/schema.ts';
import { actor } from '../../http/access.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ZIdParams, ZOk } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import { USER_FILE_CSP } from '../../http/security-headers.ts';
import { type TMediaFolderRow, type TMediaRow, toMedia, toMediaFolder } from './media.repository.ts';
import { MEDIA_READ, type TMediaService } from './media.service.ts';

const tags = ['media'];
const ACCESS = {
  read: MEDIA_READ,
  create: ['media.create'],
  update: ['media.update'],
  delete: ['media.delete'],
};

/** Media library (spec booking §7 Media): records, folders, file upload and the served files. */
export function registerMediaRoutes(app: FastifyInstance, deps: { db: Db; media: TMediaService }) {
  const { db, media: service } = deps;
  registerMediaQueries(app, service);

  registerResource(app, db, {
    name: 'media',
    base: '/api/media',
    table: media,
    id: media.id,
    fields: {
      id: { column: media.id, type: 'number', sort: true, filter: true },
      name: { column: media.name, type: 'string', sort: true, filter: true, search: true },
      caption: { column: sql`(${media.caption}::text)`, type: 'string', filter: true, search: true },
      folderId: { column: media.folderId, type: 'number', sort: true, filter: true },
      type: { column: media.type, type: 'string', sort: true, filter: true },
      mime: { column: media.mime, type: 'string', sort: true, filter: true },
      size: { column: media.size, type: 'number', sort: true, filter: true },
      isPublic: { column: media.isPublic, type: 'boolean', sort: true, filter: true },
      createdAt: { column: media.createdAt, type: 'datetime', sort: true, filter: true },
      updatedAt: { column: media.updatedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZMedia,
    toOutput: toMedia as (row: never) => TMedia,
    create: ZCreateMedia,
    update: ZUpdateMedia,
    access: ACCESS,
    toValues: (ctx, input) => service.mediaValues(ctx, input),
    // A copy is a new record with the same texts and folder but no file yet: upload one to it.
    copyValues: async (_ctx, row: TMediaRow) => ({
      name: row.name,
      folderId: row.folderId,
      caption: row.caption,
      isPublic: row.isPublic,
      type: row.type,
    }),
    beforeDelete: (ctx, row: TMediaRow) => service.beforeDelete(ctx, row),
  });

  // Deleting a folder deletes its subfolders (cascade); their media stay, in no folder (set null).
  registerResource(app, db, {
    name: 'mediafolder',
    base: '/api/mediafolder',
    table: mediaFolders,
    id: mediaFolders.id,
    fields: {
      id: { column: mediaFolders.id, type: 'number', sort: true, filter: true },
      name: { column: mediaFolders.name, type: 'string', sort: true, filter: true, search: true },
      parentId: { column: mediaFolders.parentId, type: 'number', sort: true, filter: true },
      sort: { column: mediaFolders.sort, type: 'number', sort: true, filter: true },
    },
    output: ZMediaFolder,
    toOutput: toMediaFolder as (row: never) => TMediaFolder,
    create: ZCreateMediaFolder,
    update: ZUpdateMediaFolder,
    access: ACCESS,
    toValues: (ctx, input, existing?: TMediaFolderRow) => service.folderValues(ctx, input, existing),
  });

  registerUpload(app, service);
}

function registerMediaQueries(app: FastifyInstance, service: TMediaService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/media/images',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: { tags, querystring: ZMediaImagesQuery, response: { 200: listAnswer(ZMedia) } },
    },
    async (request) => service.images(actor(request), request.query),
  );

  r.get(
    '/api/media/type',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: { tags, response: { 200: z.array(ZMediaTypeCount) } },
    },
    async (request) => service.types(actor(request)),
  );

  r.get(
    '/api/media/getWithData/:id',
    {
      config: { access: { scopes: ACCESS.read } },
      schema: { tags, params: ZIdParams, response: { 200: ZMediaWithData } },
    },
    async (request) => service.withData(actor(request), request.params.id),
  );

  r.post(
    '/api/media/moveMediaToFolder',
    {
      config: { access: { scopes: ACCESS.update } },
      schema: { tags, body: ZMoveMediaToFolder, response: { 200: ZOk } },
    },
    async (request) => service.moveToFolder(actor(request), request.body),
  );

  // Public route: files of public media are served to anyone (booking pages); the service asks for
  // media.read on the others. Private files may be cached but are revalidated on every use.
  const INLINE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  r.get(
    '/api/media/:id/data',
    {
      config: { access: { public: true } },
      schema: { tags, params: ZIdParams, querystring: ZMediaDataQuery },
    },
    async (request, reply) => {
      const thumb = request.query.thumb === '1';
      const file = await service.file(
        request.user,
        request.params.id,
        thumb,
        request.headers['if-none-match'],
      );
      reply
        .header('etag', file.etag)
        .header('cache-control', file.isPublic ? 'public, max-age=86400' : 'private, no-cache');
      if (file.notModified) return reply.status(304).send();
      const filename = encodeURIComponent(file.name);
      // Uploads come from users: only raster images are shown in the page; a PDF, SVG or HTML file is a
      // download, and whatever is opened runs sandboxed (no script in the app's origin).
      const disposition = INLINE_MIMES.has(file.mime) ? 'inline' : 'attachment';
      return reply
        .type(file.mime)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${filename}`)
        .header('content-security-policy', USER_FILE_CSP)
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}

/**
 * Multipart only on this route, as with the company logo: every other route keeps refusing form uploads. The
 * file size is multipart's own limit (`fileSize`); fastify's 1 MB body limit still refuses large JSON bodies.
 */
function registerUpload(app: FastifyInstance, service: TMediaService) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/media/:id/data',
      {
        config: { access: { scopes: ['media.create', 'media.update'] } },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: ZIdParams,
          querystring: ZMediaUploadQuery,
          response: { 200: ZMedia },
        },
      },
      async (request) => {
        const user = actor(request);
        if (!request.isMultipart()) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
        }
        const part = await request.file();
        if (!part) throw badRequest('No file in the upload', 'file');
        const data = await part.toBuffer();
        const upload = { data, truncated: part.file.truncated };
        return service.upload(user, request.params.id, upload, request.query.optimize === '1');
      },
    );
  });
}
