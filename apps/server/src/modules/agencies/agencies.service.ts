import {
  AGENCY_TEMPLATE_NAMES,
  AGENCY_TEMPLATES,
  fieldsDeniedToSelf,
  type TAgency,
  type TAgencyTemplate,
  type TCreateAgencyGroup,
  type ZCreateAgency,
} from '@atoll/domain/agencies';
import type { TLanguage } from '@atoll/domain/constants';
import { hasScope } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';
import { createElement } from 'react';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { agencies } from '../../db/schema.ts';
import { loadLetterhead, renderPdf } from '../../documents/pdf.tsx';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import {
  type TAgenciesRepository,
  type TAgencyGroupRow,
  type TAgencyRow,
  type TContactQuery,
  toAgency,
} from './agencies.repository.ts';
import { AgencyDocument } from './agency-print.tsx';

type TCtx = { user: TSessionUser; tx: Tx };
type TAgencyInput = z.output<typeof ZCreateAgency> | Partial<z.output<typeof ZCreateAgency>>;

const STAFF_SCOPES = ['agencies.read', 'agencies.create', 'agencies.update', 'agencies.delete'];

/** Someone of the operator's office, as opposed to an agent who holds only `agencies.self`. */
const isAgencyStaff = (user: TSessionUser) => hasScope(user.scopes, STAFF_SCOPES);
const readsAll = (user: TSessionUser) => hasScope(user.scopes, ['agencies.read']);

/** The row filter of an agent: its own agency, or nothing when the user belongs to none. */

/** The operator's note about an agency is not for the agent. */
export function redactAgency(user: TSessionUser, agency: TAgency): TAgency {
  if (isAgencyStaff(user)) return agency;
  const { internalNote: _note, ...rest } = agency;
  return rest;
}

export function createAgenciesService(deps: {
  db: Db;
  repository: TAgenciesRepository;
  settings: TSettingsService;
}) {
  const { db, repository } = deps;

  /** An agency the user may see; another's answers 404, so that existence does not leak. */
  async function visibleAgency(user: TSessionUser, id: number): Promise<TAgencyRow> {
    if (!readsAll(user) && user.agencyId !== id) throw notFound('agencies');
    const row = await repository.find(db, id);
    if (!row) throw notFound('agencies');
    return row;
  }

  async function agencyValues(ctx: TCtx, input: TAgencyInput, existing?: TAgencyRow) {
    const { user, tx } = ctx;
    // Creating is staff work by route; an agent editing its own agency changes only its contact data.
    if (existing && !hasScope(user.scopes, ['agencies.update'])) {
      const denied = fieldsDeniedToSelf(input);
      if (denied.length > 0) {
        throw new AppError(
          403,
          'FORBIDDEN',
          `An agency may not change these fields itself: ${denied.join(', ')}`,
          denied.map((field) => ({ path: field, code: 'forbidden', message: 'not editable by the agency' })),
        );
      }
    }
    if (input.groupId && !(await repository.groupExists(tx, input.groupId))) {
      throw badRequest('The agency group does not exist', 'groupId');
    }
    const values: Partial<typeof agencies.$inferInsert> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.type !== undefined) values.type = input.type;
    if (input.email !== undefined) values.email = input.email?.trim() || null;
    if (input.phone !== undefined) values.phone = input.phone || null;
    if (input.website !== undefined) values.website = input.website || null;
    if (input.groupId !== undefined) values.groupId = input.groupId ?? null;
    if (input.address !== undefined) values.address = input.address;
    if (input.taxId !== undefined) values.taxId = input.taxId || null;
    if (input.leitwegId !== undefined) values.leitwegId = input.leitwegId ?? null;
    if (input.language !== undefined) values.language = input.language;
    if (input.currency !== undefined) values.currency = input.currency;
    if (input.commission !== undefined) values.commission = input.commission;
    if (input.commissionMode !== undefined) values.commissionMode = input.commissionMode;
    if (input.creditLimit !== undefined) values.creditLimit = input.creditLimit ?? null;
    if (input.bank !== undefined) values.bank = input.bank;
    if (input.isActive !== undefined) values.isActive = input.isActive;
    if (input.internalNote !== undefined) values.internalNote = input.internalNote || null;
    return values;
  }

  return {
    agencyValues,

    /** The contacts of a write replace the agency's contacts, in the same transaction. */
    async saveContacts(ctx: TCtx, row: TAgencyRow, input: TAgencyInput) {
      if (input.contacts !== undefined) await repository.replaceContacts(ctx.tx, row.id, input.contacts);
    },

    /** Users and customers would silently lose their agency, credits would vanish with it: refuse. */
    async beforeDelete(ctx: TCtx, row: TAgencyRow) {
      const counts = await repository.dependants(ctx.tx, row.id);
      const inUse = Object.entries(counts).filter(([, n]) => n > 0);
      if (inUse.length === 0) return;
      throw new AppError(
        409,
        'CONFLICT',
        `The agency is still in use: ${inUse.map(([what, n]) => `${n} ${what}`).join(', ')}`,
        inUse.map(([what, n]) => ({ path: what, code: 'in_use', message: String(n) })),
      );
    },

    /** A copy is a template for a similar agency: same terms, no people, no external identities. */
    async copyValues(_ctx: TCtx, row: TAgencyRow) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },

    async contacts(
      user: TSessionUser,
      query: Omit<TContactQuery, 'agencyId'> & { agencyId?: number | undefined },
    ) {
      const own = readsAll(user) ? undefined : (user.agencyId ?? -1);
      // An agent asking for another agency's contacts gets none, like the list of agencies.
      if (own !== undefined && query.agencyId !== undefined && query.agencyId !== own) {
        return { data: [], total: 0, page: query.page, size: query.size };
      }
      const agencyId = own ?? query.agencyId;
      const found = await repository.contacts(db, {
        page: query.page,
        size: query.size,
        search: query.search,
        ...(agencyId === undefined ? {} : { agencyId }),
      });
      return { ...found, page: query.page, size: query.size };
    },

    templates() {
      return AGENCY_TEMPLATES.map((key) => ({ key, name: AGENCY_TEMPLATE_NAMES[key] }));
    },

    /** The PDF of one template for an agency the user may see. */
    async print(user: TSessionUser, id: number, template: TAgencyTemplate, lang: TLanguage) {
      const row = await visibleAgency(user, id);
      const [groupName, contacts, company] = await Promise.all([
        repository.groupName(db, row.groupId),
        repository.contactsOf(db, row.id),
        loadLetterhead(db, deps.settings),
      ]);
      const agency = toAgency(row);
      const pdf = await renderPdf(
        createElement(AgencyDocument, { agency, groupName, contacts, company, lang, template }),
      );
      return { pdf, filename: `${AGENCY_TEMPLATE_NAMES[template][lang]} ${agency.name}.pdf` };
    },

    async links(user: TSessionUser, id: number) {
      await visibleAgency(user, id);
      return repository.links(db, id);
    },
    async link(user: TSessionUser, id: number, system: string) {
      await visibleAgency(user, id);
      const link = await repository.link(db, id, system);
      if (!link) throw notFound('link');
      return link;
    },
    async saveLink(
      user: TSessionUser,
      id: number,
      system: string,
      body: { external: string; data: Record<string, unknown> },
    ) {
      await visibleAgency(user, id);
      return repository.saveLink(db, id, system, body);
    },
    async deleteLink(user: TSessionUser, id: number, system: string) {
      await visibleAgency(user, id);
      if (!(await repository.deleteLink(db, id, system))) throw notFound('link');
    },

    async users(user: TSessionUser, id: number) {
      await visibleAgency(user, id);
      return repository.users(db, id);
    },

    groupValues(_ctx: TCtx, input: Partial<TCreateAgencyGroup>) {
      const values: Partial<TAgencyGroupRow> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.description !== undefined) values.description = input.description || null;
      if (input.color !== undefined) values.color = input.color || null;
      return Promise.resolve(values);
    },
  };
}
export type TAgenciesService = ReturnType<typeof createAgenciesService>;
