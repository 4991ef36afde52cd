import {
  type TCustomerDataGroup,
  ZCreateCustomerDataGroup,
  ZCustomerDataGroup,
  ZMoveFieldAnswer,
  ZMoveFieldParams,
  ZUpdateCustomerDataGroup,
} from '@atoll/domain/customer-data';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { customerDataGroups } from '../../db/schema.ts';
import { registerResource } from '../../http/resource.ts';
import { type TCustomerDataGroupRow, toCustomerDataGroup } from './customer-data-groups.repository.ts';
import type { TCustomerDataGroupsService } from './customer-data-groups.service.ts';

const tags = ['customerdatagroup'];

/** Groups of custom customer fields (/customerdatagroup): generic calls plus `move`. */
export function registerCustomerDataGroupsRoutes(
  app: FastifyInstance,
  deps: { db: Db; customerDataGroups: TCustomerDataGroupsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { customerDataGroups: service } = deps;

  r.post(
    '/api/customerdatagroup/move/:from/:to/:field',
    {
      config: { access: { scopes: ['customers.update'] } },
      schema: {
        tags,
        summary: 'Move a field and every customer value of it to another group',
        description:
          'Answers the number of customers whose stored value moved. 404: unknown group or field; ' +
          '409: the target group already has a field with this key.',
        params: ZMoveFieldParams,
        response: { 200: ZMoveFieldAnswer },
      },
    },
    async (request) => {
      const { from, to, field } = request.params;
      return service.moveField(from, to, field);
    },
  );

  registerResource(app, deps.db, {
    name: 'customerdatagroup',
    base: '/api/customerdatagroup',
    table: customerDataGroups,
    id: customerDataGroups.id,
    fields: {
      id: { column: customerDataGroups.id, type: 'number', sort: true, filter: true },
      name: { column: customerDataGroups.name, type: 'string', sort: true, filter: true, search: true },
      sort: { column: customerDataGroups.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: customerDataGroups.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZCustomerDataGroup,
    toOutput: toCustomerDataGroup as (row: never) => TCustomerDataGroup,
    create: ZCreateCustomerDataGroup,
    update: ZUpdateCustomerDataGroup,
    access: {
      read: ['customers.read'],
      create: ['customers.update'],
      update: ['customers.update'],
      delete: ['customers.update'],
    },
    // Customers and agents edit a customer's custom data too, so they read every definition.
    self: { scopes: ['customers.self', 'agencies.self'], where: () => sql`true` },
    toValues: (_ctx, input) => service.values(input),
    copyValues: async (_ctx, row: TCustomerDataGroupRow) => ({
      name: `${row.name} (copy)`,
      label: row.label,
      sort: row.sort,
      fields: row.fields,
    }),
    beforeDelete: (ctx, row: TCustomerDataGroupRow) => service.beforeDelete(ctx.tx, row),
  });
}
