import {
  hasNoNul,
  type TPaymentProvider,
  ZPaymentProvider,
  ZPaymentProviderCreate,
  ZPaymentProviderUpdate,
} from '@atoll/domain/payments/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { paymentProviders } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import { newLinkKey } from './payment-links.ts';
import { secretsOf, type TProviderRow } from './providers/payment-provider.ts';

// /api/payprovider (spec booking §7 base paths): payment providers as a generic resource. The secrets
// (API key, webhook secret, the guest-link key) are write-only: answers carry only whether each is set,
// to every user including the administrator.

export const PROVIDER_ACCESS = {
  read: ['payprovider.read'],
  create: ['payprovider.create'],
  update: ['payprovider.update'],
  delete: ['payprovider.delete'],
};

export function toProvider(row: TProviderRow): TPaymentProvider {
  const secrets = secretsOf(row);
  return {
    id: row.id,
    name: row.name,
    type: row.type as TPaymentProvider['type'],
    isActive: row.isActive,
    config: (row.config ?? {}) as TPaymentProvider['config'],
    secretsSet: { apiKey: Boolean(secrets.apiKey), webhookSecret: Boolean(secrets.webhookSecret) },
    sort: row.sort,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type TInput = z.infer<typeof ZPaymentProviderUpdate> & { type?: string };

/** Sent secrets replace the stored ones key by key (null clears one); the link key stays. */
function mergeSecrets(existing: TProviderRow | undefined, sent: TInput['secrets']) {
  const merged: Record<string, string> = { ...(existing ? secretsOf(existing) : {}) } as Record<
    string,
    string
  >;
  for (const [key, value] of Object.entries(sent ?? {})) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  merged.linkKey ??= newLinkKey();
  return merged;
}

export function registerPaymentProviderRoutes(app: FastifyInstance, db: Db) {
  registerResource(app, db, {
    name: 'payprovider',
    base: '/api/payprovider',
    table: paymentProviders,
    id: paymentProviders.id,
    fields: {
      id: { column: paymentProviders.id, type: 'number', sort: true, filter: true },
      name: { column: paymentProviders.name, type: 'string', sort: true, filter: true, search: true },
      type: { column: paymentProviders.type, type: 'string', sort: true, filter: true },
      isActive: { column: paymentProviders.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: paymentProviders.sort, type: 'number', sort: true, filter: true },
      createdAt: { column: paymentProviders.createdAt, type: 'datetime', sort: true, filter: true },
    },
    output: ZPaymentProvider,
    toOutput: toProvider as (row: never) => TPaymentProvider,
    create: ZPaymentProviderCreate,
    update: ZPaymentProviderUpdate,
    access: PROVIDER_ACCESS,
    toValues: async (_ctx, input: TInput, existing?: TProviderRow) => {
      if (!hasNoNul(input)) throw badRequest('No NUL characters');
      const { secrets, ...rest } = input;
      const values: Record<string, unknown> = Object.fromEntries(
        Object.entries(rest).filter(([, v]) => v !== undefined),
      );
      if (!existing || secrets !== undefined) values.secrets = mergeSecrets(existing, secrets);
      return values;
    },
    // A copy keeps the settings and secrets but signs guest links with a key of its own.
    copyValues: async (_ctx, row: TProviderRow) => {
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row;
      return {
        ...rest,
        name: `${row.name} (copy)`,
        secrets: { ...secretsOf(row), linkKey: newLinkKey() },
      };
    },
  });
}
