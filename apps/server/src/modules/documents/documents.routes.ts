import type { FastifyInstance } from 'fastify';
import type { TFinanceDeps } from '../finance.ts';

// Issue 8: filled in by the documents work.
export function registerDocumentsRoutes(_app: FastifyInstance, _deps: TFinanceDeps) {}
