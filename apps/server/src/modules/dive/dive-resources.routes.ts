import {
  ZCreateDayEvent,
  ZCreateDayGuest,
  ZCreateDiveBoat,
  ZCreateDiveSite,
  ZCreateDiveType,
  ZCreateEmployee,
  ZCreateWorklog,
  ZDayEvent,
  ZDayGuest,
  ZDiveBoat,
  ZDiveSite,
  ZDiveType,
  ZEmployee,
  ZWorklog,
} from '@atoll/domain/dive';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  dayEvents,
  dayGuests,
  diveBoats,
  diveSites,
  diveTypes,
  employees,
  worklogs,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { TListFields } from '../../http/filter.ts';
import { defined, registerResource } from '../../http/resource.ts';
import { stamped, toDiveSite } from './dive.repository.ts';
import { assertDiveProduct } from './dive-charges.ts';

// The dive day's master data and day business as generic resources (ADR 0003): /api/divesite,
// /api/divetype, /api/diveboat (their own scopes, spec platform §2), /api/employee and /api/worklog
// (employee.*), /api/dayguest and /api/dayevent (diveplan.*: they are planned with the trips).

export const crudScopes = (resource: string) => ({
  read: [`${resource}.read`],
  create: [`${resource}.create`],
  update: [`${resource}.update`],
  delete: [`${resource}.delete`],
});

const id = (column: never) => ({ column, type: 'number' as const, sort: true, filter: true });
const name = (column: never) => ({ column, type: 'string' as const, sort: true, filter: true, search: true });
const flag = (column: never) => ({ column, type: 'boolean' as const, sort: true, filter: true });
/** numeric columns take the number as text. */
const decimal = (value: unknown) => (value === null || value === undefined ? value : String(value));
const day = (column: never) => ({ column, type: 'date' as const, sort: true, filter: true });

type TSimple = {
  name: string;
  table:
    | typeof diveSites
    | typeof diveTypes
    | typeof diveBoats
    | typeof employees
    | typeof worklogs
    | typeof dayGuests
    | typeof dayEvents;
  fields: TListFields;
  output: z.ZodType<Record<string, unknown>>;
  create: z.ZodType<Record<string, unknown>>;
  access: ReturnType<typeof crudScopes>;
  toOutput?: (row: never) => Record<string, unknown>;
  copyName?: boolean;
  /** Rules of the resource on the merged record, and column values beyond the body's own. */
  values?: (
    input: Record<string, unknown>,
    merged: Record<string, unknown>,
    tx: Tx,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
};

function registerSimple(app: FastifyInstance, db: Db, r: TSimple) {
  registerResource(app, db, {
    name: r.name,
    base: `/api/${r.name}`,
    table: r.table,
    id: r.table.id,
    fields: r.fields,
    output: r.output,
    toOutput: (r.toOutput ?? stamped) as (row: never) => Record<string, unknown>,
    create: r.create,
    update: (r.create as unknown as z.ZodObject).partial() as unknown as z.ZodType<Record<string, unknown>>,
    access: r.access,
    toValues: async (ctx, input, existing?: Record<string, unknown>) => {
      const values = defined(input as object);
      return r.values ? r.values(values, { ...existing, ...values }, ctx.tx) : values;
    },
    ...(r.copyName
      ? {
          copyValues: async (_ctx: unknown, row: { name: string }) => {
            const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row as Record<string, unknown>;
            return { ...rest, name: `${row.name} (copy)` };
          },
        }
      : {}),
  });
}

export function registerDiveResources(app: FastifyInstance, db: Db) {
  registerSimple(app, db, {
    name: 'divesite',
    table: diveSites,
    fields: {
      id: id(diveSites.id as never),
      name: name(diveSites.name as never),
      entry: name(diveSites.entry as never),
      difficulty: name(diveSites.difficulty as never),
      maxDepth: id(diveSites.maxDepth as never),
      resortId: id(diveSites.resortId as never),
      vesselId: id(diveSites.vesselId as never),
      isActive: flag(diveSites.isActive as never),
    },
    output: ZDiveSite as never,
    create: ZCreateDiveSite as never,
    access: crudScopes('divesite'),
    toOutput: toDiveSite as never,
    copyName: true,
    values: (input) => ({
      ...input,
      ...('latitude' in input ? { latitude: decimal(input.latitude) } : {}),
      ...('longitude' in input ? { longitude: decimal(input.longitude) } : {}),
    }),
  });
  registerSimple(app, db, {
    name: 'divetype',
    table: diveTypes,
    fields: {
      id: id(diveTypes.id as never),
      name: name(diveTypes.name as never),
      kind: name(diveTypes.kind as never),
      sort: id(diveTypes.sort as never),
      isActive: flag(diveTypes.isActive as never),
    },
    output: ZDiveType as never,
    create: ZCreateDiveType as never,
    access: crudScopes('divetype'),
    copyName: true,
    values: async (input, _merged, tx) => {
      if (input.productId != null) await assertDiveProduct(tx, input.productId as number);
      return input;
    },
  });
  registerSimple(app, db, {
    name: 'diveboat',
    table: diveBoats,
    fields: {
      id: id(diveBoats.id as never),
      name: name(diveBoats.name as never),
      diverCapacity: id(diveBoats.diverCapacity as never),
      resortId: id(diveBoats.resortId as never),
      vesselId: id(diveBoats.vesselId as never),
      isActive: flag(diveBoats.isActive as never),
    },
    output: ZDiveBoat as never,
    create: ZCreateDiveBoat as never,
    access: crudScopes('diveboat'),
    copyName: true,
  });
  registerSimple(app, db, {
    name: 'employee',
    table: employees,
    fields: {
      id: id(employees.id as never),
      name: name(employees.name as never),
      role: name(employees.role as never),
      email: name(employees.email as never),
      resortId: id(employees.resortId as never),
      vesselId: id(employees.vesselId as never),
      isActive: flag(employees.isActive as never),
    },
    output: ZEmployee as never,
    create: ZCreateEmployee as never,
    access: crudScopes('employee'),
    copyName: true,
  });
  registerSimple(app, db, {
    name: 'worklog',
    table: worklogs,
    fields: {
      id: id(worklogs.id as never),
      employeeId: id(worklogs.employeeId as never),
      date: day(worklogs.date as never),
      dives: id(worklogs.dives as never),
      note: name(worklogs.note as never),
    },
    output: ZWorklog as never,
    create: ZCreateWorklog as never,
    access: crudScopes('employee'),
  });
  registerSimple(app, db, {
    name: 'dayguest',
    table: dayGuests,
    fields: {
      id: id(dayGuests.id as never),
      date: day(dayGuests.date as never),
      name: name(dayGuests.name as never),
      email: name(dayGuests.email as never),
      nationality: name(dayGuests.nationality as never),
      customerId: id(dayGuests.customerId as never),
    },
    output: ZDayGuest as never,
    create: ZCreateDayGuest as never,
    access: crudScopes('diveplan'),
  });
  registerSimple(app, db, {
    name: 'dayevent',
    table: dayEvents,
    fields: {
      id: id(dayEvents.id as never),
      date: day(dayEvents.date as never),
      name: name(dayEvents.name as never),
      kind: name(dayEvents.kind as never),
    },
    output: ZDayEvent as never,
    create: ZCreateDayEvent as never,
    access: crudScopes('diveplan'),
    values: (input, merged) => {
      const capacity = Number(merged.capacity ?? 0);
      if (capacity > 0 && ((merged.participants as unknown[] | undefined)?.length ?? 0) > capacity)
        throw new AppError(409, 'EVENT_FULL', 'More participants than the event takes');
      return input;
    },
  });
}
