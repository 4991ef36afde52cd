import type {
  TAgency,
  TAgencyContact,
  TAgencyContactInput,
  TAgencyGroup,
  TAgencyLink,
  TAgencyUser,
} from '@atoll/domain/agencies';
import { ZAgencyAddress, ZAgencyBank } from '@atoll/domain/agencies';
import type { TSessionUser } from '@atoll/domain/users';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  agencies,
  agencyContacts,
  agencyGroups,
  agencyLinks,
  creditEntries,
  customers,
  users,
} from '../../db/schema.ts';
import { likeContains } from '../../http/filter.ts';

export type TAgencyRow = typeof agencies.$inferSelect;
export type TAgencyGroupRow = typeof agencyGroups.$inferSelect;
type TContactRow = typeof agencyContacts.$inferSelect;
type TLinkRow = typeof agencyLinks.$inferSelect;

export function toAgency(row: TAgencyRow): TAgency {
  return {
    id: row.id,
    name: row.name,
    type: row.type as TAgency['type'],
    email: row.email,
    phone: row.phone,
    website: row.website,
    groupId: row.groupId,
    // jsonb written by hand may hold anything: the answer carries only what the contract knows.
    address: ZAgencyAddress.safeParse(row.address).data ?? {},
    taxId: row.taxId,
    leitwegId: row.leitwegId,
    language: row.language as TAgency['language'],
    currency: row.currency,
    commission: row.commission,
    commissionMode: row.commissionMode as TAgency['commissionMode'],
    creditLimit: row.creditLimit,
    bank: ZAgencyBank.safeParse(row.bank).data ?? {},
    isActive: row.isActive,
    internalNote: row.internalNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toAgencyGroup = (row: TAgencyGroupRow): TAgencyGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  color: row.color,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toContact = (row: TContactRow): TAgencyContact => ({
  id: row.id,
  agencyId: row.agencyId,
  name: row.name,
  position: row.position,
  email: row.email,
  phone: row.phone,
  isPrimary: row.isPrimary,
});

const toLink = (row: TLinkRow): TAgencyLink => ({
  agencyId: row.agencyId,
  system: row.system,
  external: row.external,
  data: (row.data ?? {}) as Record<string, unknown>,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export type TContactQuery = { page: number; size: number; search?: string | undefined; agencyId?: number };

export function createAgenciesRepository() {
  return {
    async find(ex: Executor, id: number) {
      const [row] = await ex.select().from(agencies).where(eq(agencies.id, id));
      return row;
    },
    async groupExists(ex: Executor, id: number) {
      const [row] = await ex
        .select({ id: agencyGroups.id })
        .from(agencyGroups)
        .where(eq(agencyGroups.id, id));
      return row !== undefined;
    },
    async groupName(ex: Executor, id: number | null) {
      if (id === null) return null;
      const [row] = await ex
        .select({ name: agencyGroups.name })
        .from(agencyGroups)
        .where(eq(agencyGroups.id, id));
      return row?.name ?? null;
    },

    /** Replaces all contacts of an agency; runs in the agency's write transaction. */
    async replaceContacts(ex: Executor, agencyId: number, contacts: TAgencyContactInput[]) {
      await ex.delete(agencyContacts).where(eq(agencyContacts.agencyId, agencyId));
      if (contacts.length === 0) return;
      await ex.insert(agencyContacts).values(
        contacts.map((c) => ({
          agencyId,
          name: c.name,
          position: c.position ?? null,
          email: c.email ?? null,
          phone: c.phone ?? null,
          isPrimary: c.isPrimary ?? false,
        })),
      );
    },

    async contactsOf(ex: Executor, agencyId: number) {
      const rows = await ex
        .select()
        .from(agencyContacts)
        .where(eq(agencyContacts.agencyId, agencyId))
        .orderBy(desc(agencyContacts.isPrimary), asc(agencyContacts.name), asc(agencyContacts.id));
      return rows.map(toContact);
    },

    /** Contacts with their agency's name: primary first, then by agency and name. */
    async contacts(ex: Executor, query: TContactQuery) {
      const text = query.search?.trim();
      const pattern = text ? likeContains(text) : undefined;
      const where = and(
        query.agencyId === undefined ? undefined : eq(agencyContacts.agencyId, query.agencyId),
        pattern
          ? (or(
              sql`${agencyContacts.name} ilike ${pattern}`,
              sql`${agencyContacts.email} ilike ${pattern}`,
              sql`${agencyContacts.phone} ilike ${pattern}`,
              sql`${agencyContacts.position} ilike ${pattern}`,
              sql`${agencies.name} ilike ${pattern}`,
            ) as SQL)
          : undefined,
      );
      const [total] = await ex
        .select({ n: count() })
        .from(agencyContacts)
        .innerJoin(agencies, eq(agencies.id, agencyContacts.agencyId))
        .where(where);
      const rows = await ex
        .select({ contact: agencyContacts, agencyName: agencies.name })
        .from(agencyContacts)
        .innerJoin(agencies, eq(agencies.id, agencyContacts.agencyId))
        .where(where)
        .orderBy(
          asc(agencies.name),
          desc(agencyContacts.isPrimary),
          asc(agencyContacts.name),
          asc(agencyContacts.id),
        )
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      return {
        data: rows.map((r) => ({ ...toContact(r.contact), agencyName: r.agencyName })),
        total: total?.n ?? 0,
      };
    },

    async links(ex: Executor, agencyId: number) {
      const rows = await ex
        .select()
        .from(agencyLinks)
        .where(eq(agencyLinks.agencyId, agencyId))
        .orderBy(asc(agencyLinks.system));
      return rows.map(toLink);
    },
    async link(ex: Executor, agencyId: number, system: string) {
      const [row] = await ex
        .select()
        .from(agencyLinks)
        .where(and(eq(agencyLinks.agencyId, agencyId), eq(agencyLinks.system, system)));
      return row ? toLink(row) : undefined;
    },
    async saveLink(
      ex: Executor,
      agencyId: number,
      system: string,
      values: { external: string; data: Record<string, unknown> },
    ) {
      const [row] = await ex
        .insert(agencyLinks)
        .values({ agencyId, system, ...values })
        .onConflictDoUpdate({
          target: [agencyLinks.agencyId, agencyLinks.system],
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('link upsert returned no row');
      return toLink(row);
    },
    async deleteLink(ex: Executor, agencyId: number, system: string) {
      const rows = await ex
        .delete(agencyLinks)
        .where(and(eq(agencyLinks.agencyId, agencyId), eq(agencyLinks.system, system)))
        .returning({ system: agencyLinks.system });
      return rows.length > 0;
    },

    async users(ex: Executor, agencyId: number): Promise<TAgencyUser[]> {
      const rows = await ex
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          userType: users.userType,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(eq(users.agencyId, agencyId))
        .orderBy(asc(users.name), asc(users.id));
      return rows.map((r) => ({ ...r, lastLoginAt: r.lastLoginAt?.toISOString() ?? null }));
    },

    /** What still points at an agency and would lose it (users, customers) or go with it (credits). */
    async dependants(ex: Executor, agencyId: number) {
      const counted = async (table: typeof users | typeof customers | typeof creditEntries) => {
        const [row] = await ex.select({ n: count() }).from(table).where(eq(table.agencyId, agencyId));
        return row?.n ?? 0;
      };
      return {
        users: await counted(users),
        customers: await counted(customers),
        credits: await counted(creditEntries),
      };
    },
  };
}
export type TAgenciesRepository = ReturnType<typeof createAgenciesRepository>;

export const ownAgency = (user: TSessionUser): SQL => eq(agencies.id, user.agencyId ?? -1);
