import type { FastifyInstance } from 'fastify';
import type { TFinanceDeps } from '../finance.ts';

// Issue 8: filled in by the mail work.
export function registerMailRoutes(_app: FastifyInstance, _deps: TFinanceDeps) {}
