import type { FastifyInstance } from 'fastify';
import type { TFinanceDeps } from '../finance.ts';

// Issue 8: filled in by the banks work.
export function registerBanksRoutes(_app: FastifyInstance, _deps: TFinanceDeps) {}
