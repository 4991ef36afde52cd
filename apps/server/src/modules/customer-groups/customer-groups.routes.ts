import {
  type TCustomerGroup,
  ZCreateCustomerGroup,
  ZCustomerGroup,
  ZUpdateCustomerGroup,
} from '@atoll/domain/customer-data';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { customerGroups } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import { type TCustomerGroupRow, toCustomerGroup } from './customer-groups.repository.ts';

/**
 * Groups customers are sorted into (/customer/group): the generic calls under /api/customergroup.
 * Customers of a deleted group keep no group (foreign key ON DELETE SET NULL).
 */
export function registerCustomerGroupsRoutes(app: FastifyInstance, deps: { db: Db }) {
  registerResource(app, deps.db, {
    name: 'customergroup',
    base: '/api/customergroup',
    table: customerGroups,
    id: customerGroups.id,
    fields: {
      id: { column: customerGroups.id, type: 'number', sort: true, filter: true },
      name: { column: customerGroups.name, type: 'string', sort: true, filter: true, search: true },
      description: { column: customerGroups.description, type: 'string', filter: true, search: true },
      color: { column: customerGroups.color, type: 'string', filter: true },
      createdAt: { column: customerGroups.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZCustomerGroup,
    toOutput: toCustomerGroup as (row: never) => TCustomerGroup,
    create: ZCreateCustomerGroup,
    update: ZUpdateCustomerGroup,
    access: {
      read: ['customers.read'],
      create: ['customers.create'],
      update: ['customers.create'],
      delete: ['customers.create'],
    },
    toValues: async (_ctx, input) => ({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? null } : {}),
      ...(input.color !== undefined ? { color: input.color ?? null } : {}),
    }),
    copyValues: async (_ctx, row: TCustomerGroupRow) => ({
      name: `${row.name} (copy)`,
      description: row.description,
      color: row.color,
    }),
  });
}
