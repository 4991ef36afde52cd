import {
  type TCommission,
  ZCommission,
  ZCreateCommission,
  ZUpdateCommission,
} from '@atoll/domain/pricing/entities';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { commissions } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import { commissionVisibility, type TCommissionRow, toCommission } from './commissions.repository.ts';
import type { TCommissionsService } from './commissions.service.ts';

// The spec's /commission screen needs bookings.update; what an agency earns is not for every reader.
const ACCESS = ['bookings.update'];

/** Agency commission per asset and travel dates (docs/domain/tax-and-commission.md, priority 2): /api/commission. */
export function registerCommissionsRoutes(
  app: FastifyInstance,
  deps: { db: Db; commissions: TCommissionsService },
) {
  const service = deps.commissions;

  registerResource(app, deps.db, {
    name: 'commission',
    base: '/api/commission',
    table: commissions,
    id: commissions.id,
    fields: {
      id: { column: commissions.id, type: 'number', sort: true, filter: true },
      agencyId: { column: commissions.agencyId, type: 'number', sort: true, filter: true },
      resortId: { column: commissions.resortId, type: 'number', sort: true, filter: true },
      vesselId: { column: commissions.vesselId, type: 'number', sort: true, filter: true },
      validFrom: { column: commissions.validFrom, type: 'date', sort: true, filter: true },
      validTo: { column: commissions.validTo, type: 'date', sort: true, filter: true },
      percent: { column: commissions.percent, type: 'number', sort: true, filter: true },
      note: { column: commissions.note, type: 'string', filter: true, search: true },
      createdAt: { column: commissions.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZCommission,
    toOutput: toCommission as (row: never) => TCommission,
    create: ZCreateCommission,
    update: ZUpdateCommission,
    access: { read: ACCESS, create: ACCESS, update: ACCESS, delete: ACCESS },
    assets: commissionVisibility,
    toValues: (ctx, input, existing?: TCommissionRow) => service.commissionValues(ctx, input, existing),
    copyValues: (ctx, row: TCommissionRow) => service.copyValues(ctx, row),
  });
}
