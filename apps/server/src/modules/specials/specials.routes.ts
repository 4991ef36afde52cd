import {
  type TSpecial,
  type TSpecialsGroup,
  ZCreateSpecial,
  ZCreateSpecialsGroup,
  ZSpecial,
  ZSpecialsGroup,
  ZUpdateSpecial,
  ZUpdateSpecialsGroup,
} from '@atoll/domain/pricing/entities';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { specials, specialsGroups } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import {
  type TSpecialRow,
  type TSpecialsGroupRow,
  toSpecial,
  toSpecialsGroup,
} from './specials.repository.ts';
import type { TSpecialsService } from './specials.service.ts';

// Bookings read specials too: the booking screen offers the ones that are not added automatically.
const ACCESS = {
  read: ['price.read', 'bookings.read'],
  create: ['price.create'],
  update: ['price.update'],
  delete: ['price.delete'],
};

/**
 * Specials (docs/domain/specials.md) and their groups: the generic calls under /api/specials and
 * /api/specialsgroup. Deleting a group leaves its specials without one (foreign key ON DELETE SET NULL);
 * `deletable` guards booking lines, not the special itself.
 */
export function registerSpecialsRoutes(app: FastifyInstance, deps: { db: Db; specials: TSpecialsService }) {
  const service = deps.specials;

  registerResource(app, deps.db, {
    name: 'specials',
    base: '/api/specials',
    table: specials,
    id: specials.id,
    fields: {
      id: { column: specials.id, type: 'number', sort: true, filter: true },
      name: { column: specials.name, type: 'string', sort: true, filter: true, search: true },
      type: { column: specials.type, type: 'string', sort: true, filter: true },
      status: { column: specials.status, type: 'string', sort: true, filter: true },
      discount: { column: specials.discount, type: 'string', sort: true, filter: true },
      target: { column: specials.target, type: 'string', sort: true, filter: true },
      scopeUnit: { column: specials.scopeUnit, type: 'string', sort: true, filter: true },
      autoAdd: { column: specials.autoAdd, type: 'boolean', sort: true, filter: true },
      groupId: { column: specials.groupId, type: 'number', sort: true, filter: true },
      dateFrom: { column: specials.dateFrom, type: 'date', sort: true, filter: true },
      dateTo: { column: specials.dateTo, type: 'date', sort: true, filter: true },
      sort: { column: specials.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: specials.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZSpecial,
    toOutput: toSpecial as (row: never) => TSpecial,
    create: ZCreateSpecial,
    update: ZUpdateSpecial,
    access: ACCESS,
    toValues: (ctx, input, existing?: TSpecialRow) => service.specialValues(ctx, input, existing),
    copyValues: (ctx, row: TSpecialRow) => service.copyValues(ctx, row),
  });

  registerResource(app, deps.db, {
    name: 'specialsgroup',
    base: '/api/specialsgroup',
    table: specialsGroups,
    id: specialsGroups.id,
    fields: {
      id: { column: specialsGroups.id, type: 'number', sort: true, filter: true },
      name: { column: specialsGroups.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: specialsGroups.description, type: 'string', filter: true, search: true },
      sort: { column: specialsGroups.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: specialsGroups.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZSpecialsGroup,
    toOutput: toSpecialsGroup as (row: never) => TSpecialsGroup,
    create: ZCreateSpecialsGroup,
    update: ZUpdateSpecialsGroup,
    access: ACCESS,
    toValues: (ctx, input) => service.groupValues(ctx, input),
    copyValues: (ctx, row: TSpecialsGroupRow) => service.copyGroupValues(ctx, row),
  });
}
