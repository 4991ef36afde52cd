import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { TAccess } from './access.ts';

// The OpenAPI document (served at /api/docs/json, committed as docs/openapi.json): OpenAPI 3.1, schemas
// registered once in components (zod `.meta({ id })`, referenced by $ref), the bearer scheme required
// everywhere but on public routes, a summary and an operationId on every operation, binary answers typed
// by their media type, and the mailbox's two path shapes documented as one path (ADR 0029).

type TOperation = Record<string, unknown> & {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; [key: string]: unknown }[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
};
type TDocument = { paths?: Record<string, Record<string, TOperation>> } & Record<string, unknown>;

const ERROR_BODY = '#/components/schemas/ErrorBody';
const BINARY_TYPES = ['application/pdf', 'image/png', 'text/csv', 'application/zip', 'text/calendar'];

/** The media type of the routes that answer a file and declare no answer schema, by their path. */
const FILE_ROUTES: [RegExp, string][] = [
  [/\/(listCSV|csvExport)$/, 'text/csv'],
  [/\/print\/|\/printList\//, 'application/pdf'],
  [/\/ics$/, 'text/calendar'],
  [/\/qrcode$/, 'image/png'],
  [/\/logo\/:id$|\/media\/:id\/data$|\/backup\/local\/:name$/, 'application/octet-stream'],
];

/** What a route without a summary is called in the document: its method and path in words. */
function summaryOf(method: string, url: string): string {
  const path = url.replace(/^\/api\//, '').replace(/:(\w+)/g, '{$1}');
  const verb: Record<string, string> = {
    GET: 'Read',
    POST: 'Write',
    PUT: 'Replace',
    DELETE: 'Delete',
    PATCH: 'Change',
  };
  return `${verb[method] ?? method} ${path}`;
}

/** The parts of an upload: the file, and the bank import's optional column mapping. */
function uploadBody(url: string) {
  const file = { type: 'string', format: 'binary', description: 'The file' };
  const mapping = { type: 'string', description: 'The column mapping as JSON (stored on the bank)' };
  return {
    type: 'object',
    required: ['file'],
    properties: url.includes('/import/csv') ? { file, mapping } : { file },
  };
}

/** The success answer of a route that declares none: the file it sends, or just "done". */
function successOf(url: string) {
  const type = FILE_ROUTES.find(([pattern]) => pattern.test(url))?.[1];
  return type
    ? {
        200: {
          description: `The ${type} file`,
          content: { [type]: { schema: { type: 'string', format: 'binary' } } },
        },
      }
    : { '2XX': { description: 'Done' } };
}

/** A stable operationId from method and path: GET /api/bookings/:id/download → getBookingsIdDownload. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/:{}().^$\\-]+/)
    .filter((w) => w && /^[A-Za-z0-9_]+$/.test(w));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** An answer documented as `application/pdf` (etc.) in its description: a binary body of that type. */
function typedBinaryAnswers(responses: TOperation['responses']) {
  for (const answer of Object.values(responses ?? {})) {
    const description = answer.description ?? '';
    const json = answer.content?.['application/json'];
    const type = BINARY_TYPES.find(
      (t) => description === t || (json && JSON.stringify(json).includes(`"${t}"`)),
    );
    if (!type) continue;
    answer.content = { [type]: { schema: { type: 'string', format: 'binary' } } };
    if (!answer.description || answer.description === type) answer.description = `The ${type} file`;
  }
}

export const openApiOptions = (version: string): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Atoll API',
      version,
      description:
        'Back office, agency portal and online booking of dive resorts and liveaboards. Errors answer the ' +
        'error body (ErrorBody) with the status.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This installation' }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The token of POST /api/auth/token. GET and HEAD also take it from the atoll_token cookie (downloads).',
        },
      },
    },
    security: [{ bearer: [] }],
  },
  transform: (input) => {
    const { schema, url } = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
    const route = input.route;
    const method = [route.method].flat()[0] ?? 'GET';
    const access = (route.config as { access?: TAccess } | undefined)?.access;
    const extra: Record<string, unknown> = {
      summary: (schema.summary as string | undefined) ?? summaryOf(method, route.url),
      operationId: operationIdOf(method, route.url),
    };
    if (access && 'public' in access) extra.security = [];
    // Every call may answer an error (bad input, no access, not found …): the one error body.
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const response = Object.assign(
      { '4XX': { description: 'The error body (status, code, description, details)', $ref: ERROR_BODY } },
      Object.keys(declared).some((status) => status.startsWith('2')) ? {} : successOf(route.url),
      declared,
    );
    // An upload (multipart) has no zod body: the document names its file part.
    if (!schema.body && (schema.consumes as string[] | undefined)?.includes('multipart/form-data'))
      extra.body = uploadBody(route.url);
    return { schema: { ...schema, ...extra, response }, url };
  },
  transformObject: (input) => {
    const document = jsonSchemaTransformObject(input) as TDocument;
    for (const item of Object.values(document.paths ?? {}))
      for (const operation of Object.values(item)) {
        typedBinaryAnswers(operation.responses);
        // A file sent as the whole body (a CSV statement) is text, not the multipart form's object.
        const content = operation.requestBody?.content ?? {};
        for (const type of Object.keys(content))
          if (type.startsWith('text/'))
            content[type] = { schema: { type: 'string', description: 'The file’s content' } };
      }
    return withoutUnusedSchemas(mergeIdenticalPaths(document));
  },
});

/**
 * The registry holds input and output forms of every registered schema: only the referenced ones stay, by name
 * (the registry's order is the order the modules were imported in, which says nothing to a reader).
 */
function withoutUnusedSchemas(document: TDocument): TDocument {
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas ?? {};
  for (;;) {
    const text = JSON.stringify({ ...document, components: { schemas } });
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  if (components?.schemas)
    components.schemas = Object.fromEntries(
      Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  return document;
}

/**
 * Paths that differ only in their parameter names (`/api/mail/{folder}` and `/api/mail/{id}`: a folder's name
 * or a mail's digits) become one path; a method both have is one operation with both answers (anyOf).
 */
export function mergeIdenticalPaths(document: TDocument): TDocument {
  const paths = document.paths ?? {};
  const groups = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{\w+\}/g, '{}');
    groups.set(shape, [...(groups.get(shape) ?? []), path]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const names = group.map((p) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));
    const merged = (names[0] ?? []).map((_, i) =>
      [...new Set(names.map((n) => n[i] as string))]
        .map((n, j) => (j === 0 ? n : n.charAt(0).toUpperCase() + n.slice(1)))
        .join('Or'),
    );
    let k = 0;
    const target = (group[0] as string).replace(/\{\w+\}/g, () => `{${merged[k++]}}`);
    const item: Record<string, TOperation> = {};
    group.forEach((path, g) => {
      const rename = new Map((names[g] ?? []).map((n, i) => [n, merged[i] as string]));
      for (const [method, op] of Object.entries(paths[path] ?? {})) {
        const parameters = (op.parameters ?? []).map((p) =>
          p.in === 'path' ? { ...p, name: rename.get(p.name) ?? p.name } : p,
        );
        const renamed = { ...op, parameters };
        const before = item[method];
        item[method] = before ? mergeOperations(before, renamed) : renamed;
      }
      delete paths[path];
    });
    paths[target] = item;
  }
  return document;
}

function mergeOperations(a: TOperation, b: TOperation): TOperation {
  const parameters = [...(a.parameters ?? [])];
  for (const p of b.parameters ?? []) {
    const same = parameters.findIndex((q) => q.in === p.in && q.name === p.name);
    if (same < 0) parameters.push({ ...p, required: false });
    else if (p.in === 'path') parameters[same] = { ...p, schema: { type: 'string' } };
  }
  const responses: NonNullable<TOperation['responses']> = { ...a.responses };
  for (const [status, answer] of Object.entries(b.responses ?? {})) {
    const mine = responses[status];
    const theirs = answer.content?.['application/json']?.schema;
    const ours = mine?.content?.['application/json']?.schema;
    responses[status] =
      mine && ours && theirs
        ? { ...mine, content: { 'application/json': { schema: { anyOf: [ours, theirs] } } } }
        : (mine ?? answer);
  }
  return {
    ...a,
    summary: `${a.summary ?? ''} / ${b.summary ?? ''}`,
    description: [a.description, b.description].filter(Boolean).join(' '),
    operationId: `${a.operationId as string}Or${String(b.operationId).replace(/^[a-z]+/, '')}`,
    parameters,
    responses,
  };
}
