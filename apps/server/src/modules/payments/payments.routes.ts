import type { FastifyInstance } from 'fastify';
import type { TFinanceDeps } from '../finance.ts';

// Issue 8: filled in by the payments work.
export function registerPaymentsRoutes(_app: FastifyInstance, _deps: TFinanceDeps) {}
