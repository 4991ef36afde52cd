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
  FST_ERR_ASYNC_CONSTRAINT: 'ValidationError',
};

const PG_CONFLICT_CODES = new Set(['23505', '23P01']);

function toAppError(error: FastifyError & { code?: string; cause?: unknown }): AppError {
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
  const pgCode = pgErrorCode(error);
  if (pgCode && PG_CONFLICT_CODES.has(pgCode)) return conflict('The change conflicts with existing data');
  if (pgCode === '23503') return badRequest('A referenced record does not exist');
  if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22007' || pgCode === '22008') {
    return badRequest('A value has the wrong format or range');
  }
  if (error.statusCode === 429)
    return new AppError(429, 'TOO_MANY_REQUESTS', 'Too many requests, try again later');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'ValidationError', error.message);
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Internal server error');
}

// Drizzle wraps driver errors; the SQLSTATE may sit on the error or its cause.
function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    }
    if (appError.code === 'TOO_MANY_REQUESTS' && !reply.getHeader('retry-after'))
      reply.header('retry-after', 60);
    return reply.status(appError.statusCode).type('application/json').send(errorBody(request, appError));
  });
  app.setNotFoundHandler((request, reply) => {
    const error = notFound('Route');
    return reply.status(404).send(errorBody(request, error));
  });
}
