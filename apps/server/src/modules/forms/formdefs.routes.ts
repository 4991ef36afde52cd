import { ZFormDef, ZFormDefInput, ZFormDefPatch } from '@atoll/domain/forms';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { formDefs } from '../../db/schema.ts';
import { defined, registerResource, type TWriteContext } from '../../http/resource.ts';
import { assertDefUnused, formCounts, type TFormDefRow, toFormDef } from './forms.service.ts';

// The base path /api/formdef (ADR 0003): form definitions built from the 15 field types. A definition
// that forms use is not deleted (409 IN_USE): set it inactive instead; its sent forms keep their fields.

export const FORMDEF_ACCESS = {
  read: ['formdef.read'],
  create: ['formdef.create'],
  update: ['formdef.update'],
  delete: ['formdef.delete'],
};

export function registerFormDefResources(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'formdef',
    base: '/api/formdef',
    table: formDefs,
    id: formDefs.id,
    fields: {
      id: { column: formDefs.id, type: 'number', sort: true, filter: true },
      name: { column: formDefs.name, type: 'string', sort: true, filter: true, search: true },
      active: { column: formDefs.active, type: 'boolean', sort: true, filter: true },
      createdAt: { column: formDefs.createdAt, type: 'date', sort: true, filter: true },
      updatedAt: { column: formDefs.updatedAt, type: 'date', sort: true, filter: true },
    },
    output: ZFormDef,
    toOutput: toFormDef as (row: never) => z.infer<typeof ZFormDef>,
    expand: (async (rows: TFormDefRow[]) => {
      const counts = await formCounts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...r, formCount: counts.get(r.id) ?? 0 }));
    }) as never,
    create: ZFormDefInput,
    update: ZFormDefPatch,
    access: FORMDEF_ACCESS,
    toValues: async (_ctx, input) => ({ ...defined(input), updatedAt: new Date() }),
    copyValues: async (_ctx, row: TFormDefRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },
    beforeDelete: async (ctx: TWriteContext, row: TFormDefRow) => {
      await assertDefUnused(ctx.tx, row.id);
    },
  });
}
