import type { TErrorBody, TErrorCode } from '@atoll/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** A failure the API answers on purpose: a stable code, a status and an English description. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    readonly description: string,
    readonly details?: TErrorBody['details'],
  ) {
    super(description);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'You lack the scope this call needs');
/** 429 with the seconds to wait, sent as Retry-After. */
export const tooManyRequests = (description: string, retryAfterSeconds: number) =>
  Object.assign(new AppError(429, 'TOO_MANY_REQUESTS', description), { retryAfterSeconds });
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Log in first');
export const badRequest = (description: string, path = '') =>
  new AppError(400, 'ValidationError', description, [{ path, code: 'invalid', message: description }]);
export const conflict = (description: string) => new AppError(409, 'CONFLICT', description);

// Fastify's own error codes for bad requests, mapped to ours.
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'ValidationError',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ValidationError',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ValidationError',
  FST_ERR_VALIDATION: 'ValidationError',
  FST_ERR_BAD_URL: 'ValidationError',
  FST_ERR_MAX_PARAM_LENGTH: 'ValidationError',
  // FST_ERR_ASYNC_CONSTRAINT is not here: a failing constraint strategy is our fault (500), not the caller's.
};

const PG_CONFLICT_CODES = new Set(['23505', '23P01']);
/** Bad text or numbers the database refused: syntax, range, dates, a NUL or another character UTF-8 text cannot hold. */
const PG_FORMAT_CODES = new Set(['22P02', '22003', '22007', '22008', '22021', '22P05']);

/** The answer an error gets: its own, a mapped framework or database error, else 500. */
export function toAppError(error: FastifyError & { code?: string; cause?: unknown }): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: `${error.validationContext ?? ''}${issue.instancePath}`,
      code: String(
        issue.params?.issue && typeof issue.params.issue === 'object'
          ? ((issue.params.issue as { code?: string }).code ?? issue.keyword)
          : issue.keyword,
      ),
      message: issue.message ?? 'invalid',
    }));
    return new AppError(400, 'ValidationError', 'The request is not valid', details);
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(error.statusCode ?? 400, mapped, error.message);
  const { code: pgCode, constraint, stillReferenced } = pgError(error);
  const known = constraint ? CONSTRAINT_ERRORS[constraint] : undefined;
  if (known) return known();
  if (pgCode && PG_CONFLICT_CODES.has(pgCode)) return conflict('The change conflicts with existing data');
  // A foreign key refused the write. PostgreSQL says 23503 both for a row that names a missing record and for
  // deleting a record still referenced (NO ACTION); its detail tells them apart. 23001: a RESTRICT key.
  if (pgCode === '23001' || (pgCode === '23503' && stillReferenced))
    return conflict('The record is still in use');
  if (pgCode === '23503') return badRequest('A referenced record does not exist');
  if (pgCode && PG_FORMAT_CODES.has(pgCode)) return badRequest('A value has the wrong format or range');
  if (error.statusCode === 429)
    return new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests, try again later');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'ValidationError', error.message);
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Internal server error');
}

/**
 * Constraints whose violation has its own answer: the last line of defence behind the services' checks,
 * so a race between two writers still ends in the same clear error.
 */
const CONSTRAINT_ERRORS: Record<string, () => AppError> = {
  occupancy_no_overlap: () =>
    new AppError(409, 'NOT_AVAILABLE', 'The room or bed is already taken on these dates'),
  schedules_no_overlap: () =>
    new AppError(409, 'SCHEDULE_OVERLAP', 'The vessel already has a departure on these dates'),
  price_entries_cell_unique: () =>
    new AppError(409, 'CONFLICT', 'The price already has a value for this room type, variant and currency'),
  widgets_slug_unique: () => new AppError(409, 'SLUG_TAKEN', 'The slug is already used by another widget'),
};

// Drizzle wraps driver errors; the SQLSTATE and constraint may sit on the error or its cause.
export function pgError(error: unknown): { code?: string; constraint?: string; stillReferenced?: boolean } {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint, detail } = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return {
        code,
        ...(typeof constraint === 'string' ? { constraint } : {}),
        ...(typeof detail === 'string' && detail.includes('is still referenced')
          ? { stillReferenced: true }
          : {}),
      };
    e = (e as { cause?: unknown }).cause;
  }
  return {};
}

export function errorBody(request: FastifyRequest, error: AppError): TErrorBody {
  return {
    error: error.code,
    message: error.code,
    statusCode: error.statusCode,
    description: error.description,
    path: request.url.split('?')[0] ?? request.url,
    method: request.method,
    timestamp: new Date().toISOString(),
    ...(error.details ? { details: error.details } : {}),
  };
}

/** A path segment that is a word (`topCountries`), not a malformed number: it names no route. */
const WORD = /^[A-Za-z][\w-]*$/;

type TParamsSchema = { shape?: Record<string, { safeParse(value: unknown): { success: boolean } }> };

/**
 * `GET /api/bookings/topCountries` reaches `/api/bookings/:id` in the router; a parameter that takes a number
 * (its schema accepts "1") but got a word means the path is unknown (404 Route not found), not a bad value
 * (400), which `-1`, `1.5` or a word where a date or a template name goes still are.
 */
function isUnknownPath(error: FastifyError, request: FastifyRequest) {
  if (!hasZodFastifySchemaValidationErrors(error) || error.validationContext !== 'params') return false;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const shape = (request.routeOptions.schema?.params as TParamsSchema | undefined)?.shape ?? {};
  return error.validation.every((issue) => {
    const name = issue.instancePath.replace(/^\//, '');
    const value = params[name];
    return typeof value === 'string' && WORD.test(value) && shape[name]?.safeParse('1').success === true;
  });
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = isUnknownPath(error, request) ? notFound('Route') : toAppError(error);
  if (appError.statusCode >= 500 || isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'request failed');
  }
  if (appError.code === 'TOO_MANY_REQUESTS' && !reply.getHeader('retry-after'))
    reply.header('retry-after', (appError as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
  return reply.status(appError.statusCode).type('application/json').send(errorBody(request, appError));
}

/**
 * For Fastify's `frameworkErrors` server option. The router answers a bad URL encoding or an
 * over-long path parameter itself, before any hook or the error handler, in Fastify's own body
 * shape; with this option set those answers use the standard error body too.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  sendError(error, request, reply);
};

/** Deeper than any document the API takes; JSON bodies beyond it are refused before validation. */
export const MAX_BODY_DEPTH = 64;

/** Iterative, so that the check itself cannot overflow the stack it protects. */
export function exceedsDepth(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(sendError);
  // A few thousand nested objects parse fine, but JSON.stringify in the database driver overflows
  // the stack on them: a free-form JSON field (z.unknown, z.record) would answer 500 instead of 400.
  app.addHook('preValidation', async (request) => {
    if (
      request.body !== null &&
      typeof request.body === 'object' &&
      exceedsDepth(request.body, MAX_BODY_DEPTH)
    ) {
      throw badRequest(`The request body is nested deeper than ${MAX_BODY_DEPTH} levels`);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const error = notFound('Route');
    return reply.status(404).send(errorBody(request, error));
  });
}
