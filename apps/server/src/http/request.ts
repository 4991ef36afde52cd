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

/** A database id in the path: decimal digits only (no '1e3', '0x10' or '+1'), within int4. */
export const ZIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
