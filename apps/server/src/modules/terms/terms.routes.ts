import { type TTerms, ZCreateTerms, ZTerms, ZUpdateTerms } from '@atoll/domain/pricing/entities';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { paymentTerms } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import { type TTermsRow, toTerms } from './terms.repository.ts';
import type { TTermsService } from './terms.service.ts';

// The spec's /terms screen needs bookings.update; price editors read terms to pick one for a season.
const WRITE = ['bookings.update'];

/**
 * Terms of payment (docs/domain/cancellation.md and payments.md): the generic calls under /api/terms. `calculate/{id}`
 * needs bookings and comes with them.
 */
export function registerTermsRoutes(app: FastifyInstance, deps: { db: Db; terms: TTermsService }) {
  const service = deps.terms;

  registerResource(app, deps.db, {
    name: 'terms',
    base: '/api/terms',
    table: paymentTerms,
    id: paymentTerms.id,
    fields: {
      id: { column: paymentTerms.id, type: 'number', sort: true, filter: true },
      name: { column: paymentTerms.name, type: 'string', sort: true, filter: true, search: true },
      depositPercent: { column: paymentTerms.depositPercent, type: 'number', sort: true, filter: true },
      depositDueDays: { column: paymentTerms.depositDueDays, type: 'number', sort: true, filter: true },
      restDueDaysBeforeArrival: {
        column: paymentTerms.restDueDaysBeforeArrival,
        type: 'number',
        sort: true,
        filter: true,
      },
      isDefault: { column: paymentTerms.isDefault, type: 'boolean', sort: true, filter: true },
      createdAt: { column: paymentTerms.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZTerms,
    toOutput: toTerms as (row: never) => TTerms,
    create: ZCreateTerms,
    update: ZUpdateTerms,
    access: { read: ['bookings.read', 'price.read'], create: WRITE, update: WRITE, delete: WRITE },
    toValues: (ctx, input) => service.termsValues(ctx, input),
    afterWrite: (ctx, row: TTermsRow) => service.afterWrite(ctx, row),
    copyValues: (ctx, row: TTermsRow) => service.copyValues(ctx, row),
    beforeDelete: (ctx, row: TTermsRow) => service.beforeDelete(ctx, row),
  });
}
