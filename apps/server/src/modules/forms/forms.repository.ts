import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { bookingNumber } from '../../db/booking-conditions.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, customers, formDefs, forms, mailQueue, storedFiles } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { compileFilter, compileSearch, type TListFields } from '../../http/filter.ts';

export type TFormRow = typeof forms.$inferSelect;
export type TFormDefRow = typeof formDefs.$inferSelect;
export type TNewFormRow = typeof forms.$inferInsert;
export type TCustomerRow = typeof customers.$inferSelect;

/** The form list's columns: the form, its definition's name, the customer and the booking number. */
export const formListColumns = {
  id: forms.id,
  formDefId: forms.formDefId,
  formDefName: formDefs.name,
  token: forms.token,
  customerId: forms.customerId,
  customerName: customers.fullName,
  customerEmail: customers.email,
  bookingId: forms.bookingId,
  bookingNo: bookingNumber,
  language: forms.language,
  status: forms.status,
  data: forms.data,
  submittedAt: forms.submittedAt,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};

const FIELDS: TListFields = {
  id: { column: forms.id, type: 'number', sort: true, filter: true },
  formDefId: { column: forms.formDefId, type: 'number', sort: true, filter: true },
  formDefName: {
    column: formListColumns.formDefName,
    type: 'string',
    sort: true,
    filter: true,
    search: true,
  },
  customerId: { column: forms.customerId, type: 'number', sort: true, filter: true },
  customerName: { column: customers.fullName, type: 'string', sort: true, filter: true, search: true },
  bookingId: { column: forms.bookingId, type: 'number', sort: true, filter: true },
  bookingNo: { column: bookings.bookingNo, type: 'string', sort: true, filter: true, search: true },
  status: { column: forms.status, type: 'string', sort: true, filter: true },
  language: { column: forms.language, type: 'string', sort: true, filter: true },
  submittedAt: { column: forms.submittedAt, type: 'datetime', sort: true, filter: true },
  createdAt: { column: forms.createdAt, type: 'datetime', sort: true, filter: true },
};

/** The list's search, filter and order (the list query of GET /api/form and its CSV). */
export type TFormListQuery = {
  search?: string | undefined;
  filter?: string | undefined;
  sort: string;
  order: number;
};

const listWhere = (q: TFormListQuery) =>
  and(compileSearch(q.search, FIELDS), compileFilter(q.filter, FIELDS));

const orderBy = (sort: string, order: number) => {
  const field = Object.hasOwn(FIELDS, sort) ? FIELDS[sort] : undefined;
  if (!field?.sort) throw badRequest(`Cannot sort by "${sort}"`, 'sort');
  const direction = order === -1 ? sql`desc` : sql`asc`;
  return [sql`${field.column} ${direction} nulls last`, asc(forms.id)];
};

function selectForms(ex: Executor, where: SQL | undefined) {
  return ex
    .select(formListColumns)
    .from(forms)
    .leftJoin(formDefs, eq(formDefs.id, forms.formDefId))
    .leftJoin(customers, eq(customers.id, forms.customerId))
    .leftJoin(bookings, eq(bookings.id, forms.bookingId))
    .where(where);
}
export type TFormListRow = Awaited<ReturnType<typeof selectForms>>[number];

export function createFormsRepository() {
  return {
    async findDef(ex: Executor, id: number) {
      const [row] = await ex.select().from(formDefs).where(eq(formDefs.id, id));
      return row;
    },

    /** The number of forms per definition. */
    async formCounts(ex: Executor, ids: number[]) {
      if (!ids.length) return [];
      return ex
        .select({ id: forms.formDefId, n: sql<number>`count(*)::int` })
        .from(forms)
        .where(inArray(forms.formDefId, ids))
        .groupBy(forms.formDefId);
    },

    /** One form sent with the definition, if any. */
    async anyFormOf(ex: Executor, formDefId: number) {
      const [row] = await ex
        .select({ id: forms.id })
        .from(forms)
        .where(eq(forms.formDefId, formDefId))
        .limit(1);
      return row;
    },

    async findByToken(ex: Executor, id: number, token: string) {
      const [row] = await selectForms(ex, and(eq(forms.id, id), eq(forms.token, token)));
      return row;
    },

    async findById(ex: Executor, id: number) {
      const [row] = await selectForms(ex, eq(forms.id, id));
      return row;
    },

    /** One page of the list and the number of all rows the search and filter match. */
    async page(ex: Executor, q: TFormListQuery, page: { size: number; offset: number }) {
      const where = listWhere(q);
      const order = orderBy(q.sort, q.order);
      const [total] = await ex
        .select({ total: count() })
        .from(forms)
        .leftJoin(customers, eq(customers.id, forms.customerId))
        .leftJoin(bookings, eq(bookings.id, forms.bookingId))
        .leftJoin(formDefs, eq(formDefs.id, forms.formDefId))
        .where(where);
      const rows = await selectForms(ex, where)
        .orderBy(...order)
        .limit(page.size)
        .offset(page.offset);
      return { total: total?.total ?? 0, rows };
    },

    /** The first `limit` rows the search and filter match, in the order asked. */
    list(ex: Executor, q: TFormListQuery, limit: number) {
      return selectForms(ex, listWhere(q))
        .orderBy(...orderBy(q.sort, q.order))
        .limit(limit);
    },

    async insert(ex: Executor, values: TNewFormRow) {
      const [row] = await ex.insert(forms).values(values).returning();
      return row;
    },

    async update(ex: Executor, id: number, values: Partial<TNewFormRow>) {
      await ex.update(forms).set(values).where(eq(forms.id, id));
    },

    async delete(ex: Executor, id: number) {
      await ex.delete(forms).where(eq(forms.id, id));
    },

    async insertFile(
      ex: Executor,
      values: { name: string; mime: string; size: number; data: Buffer; userId: number | null },
    ) {
      const [row] = await ex
        .insert(storedFiles)
        .values({ kind: 'form', ...values })
        .returning({ id: storedFiles.id });
      return row;
    },

    async deleteFiles(ex: Executor, ids: number[]) {
      await ex.delete(storedFiles).where(inArray(storedFiles.id, ids));
    },

    /** Deletes a stored file of a form (of no other kind). */
    async deleteFormFile(ex: Executor, id: number) {
      await ex.delete(storedFiles).where(and(eq(storedFiles.id, id), eq(storedFiles.kind, 'form')));
    },

    async customer(ex: Executor, id: number) {
      const [row] = await ex.select().from(customers).where(eq(customers.id, id));
      return row;
    },

    async bookingExists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
      return row;
    },

    async queueMail(ex: Executor, values: typeof mailQueue.$inferInsert) {
      await ex.insert(mailQueue).values(values);
    },
  };
}
export type TFormsRepository = ReturnType<typeof createFormsRepository>;
