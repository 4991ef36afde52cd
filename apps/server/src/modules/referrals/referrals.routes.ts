import {
  type TCreateReferral,
  type TReferral,
  type TUpdateReferral,
  ZCreateReferral,
  ZReferral,
  ZUpdateReferral,
} from '@atoll/domain/referrals';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { customers, referrals } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import type { TSettingsService } from '../settings/settings.service.ts';
import { createReferralsRepository, type TReferralRow, toReferral } from './referrals.repository.ts';
import { REFERRAL_ACCESS, redactReferral, type TReferralsService } from './referrals.service.ts';

// The generic calls (ADR 0003) of /api/referral (docs/domain/referrals.md), behind the switch crmMaster (off: 404).
// The office reads and writes with referral.*; a customer (customers.self) reads the referrals where they are the
// referrer, and nothing else; agents have no call here (403).

const GATED = /^\/api\/referral(\/|$)/;
const repo = createReferralsRepository();
const nameOf = (column: PgColumn) =>
  sql`(select ${customers.fullName} from ${customers} where ${customers.id} = ${column})`;

export function registerReferralsRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: TSettingsService; referrals: TReferralsService },
) {
  const { db, referrals: service } = deps;

  app.addHook('preHandler', async (request) => {
    if (!GATED.test(request.routeOptions.url ?? '')) return;
    if (!(await deps.settings.features()).crmMaster) throw notFound();
  });

  registerResource(app, db, {
    name: 'referral',
    base: '/api/referral',
    table: referrals,
    id: referrals.id,
    fields: {
      id: { column: referrals.id, type: 'number', sort: true, filter: true },
      referrerCustomerId: { column: referrals.referrerCustomerId, type: 'number', sort: true, filter: true },
      referrerName: {
        column: nameOf(referrals.referrerCustomerId),
        type: 'string',
        sort: true,
        search: true,
      },
      referredCustomerId: { column: referrals.referredCustomerId, type: 'number', sort: true, filter: true },
      referredCustomerName: {
        column: nameOf(referrals.referredCustomerId),
        type: 'string',
        sort: true,
        search: true,
      },
      referredName: {
        column: referrals.referredName,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      referredEmail: { column: referrals.referredEmail, type: 'string', filter: true, search: true },
      bookingId: { column: referrals.bookingId, type: 'number', sort: true, filter: true },
      status: { column: referrals.status, type: 'string', sort: true, filter: true },
      rewardAmount: { column: referrals.rewardAmount, type: 'number', sort: true, filter: true },
      rewardCurrency: { column: referrals.rewardCurrency, type: 'string', sort: true, filter: true },
      rewardedAt: { column: referrals.rewardedAt, type: 'datetime', sort: true, filter: true },
      createdAt: { column: referrals.createdAt, type: 'datetime', sort: true, filter: true },
      updatedAt: { column: referrals.updatedAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZReferral,
    toOutput: toReferral as (row: never) => TReferral,
    create: ZCreateReferral,
    update: ZUpdateReferral,
    access: REFERRAL_ACCESS,
    // A customer: the referrals where they are the referrer.
    self: {
      scopes: ['customers.self'],
      where: (user) => eq(referrals.referrerCustomerId, user.customerId ?? -1),
    },
    redact: redactReferral,
    expand: (rows: TReferralRow[]) => repo.expand(db, rows),
    toValues: async (ctx, input, existing?: TReferralRow) =>
      service.values(ctx, input as TCreateReferral | TUpdateReferral, existing),
    copyValues: async ({ user }, row: TReferralRow) => service.copyValues(user, row),
    beforeDelete: async (_ctx, row: TReferralRow) => service.assertMayDelete(row),
  });
}
