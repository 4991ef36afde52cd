import { pickLanguage } from '@atoll/domain/language';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TClient } from '../modules/auth/auth.service.ts';

export const requestLanguage = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);

export const requestClient = (request: FastifyRequest): TClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500),
});

/** The answer of calls whose result the spec leaves open. */
export const ZOk = z.object({ ok: z.literal(true) });
