import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { invoices } from './documents.ts';

/**
 * Xero connections (`/api/plugins/xero`, docs/domain/xero.md): the installation's OAuth 2.0 app and the
 * organisation (tenant) it is connected to. `secrets` (client secret, tokens, the pending OAuth state) are
 * write-only through the API.
 */
export const xeroConnections = pgTable('xero_connections', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** clientId, redirectUri, account codes, API and identity base URLs */
  config: jsonb('config').notNull().default({}),
  /** clientSecret, accessToken, refreshToken, expiresAt, state */
  secrets: jsonb('secrets').notNull().default({}),
  tenantId: text('tenant_id'),
  tenantName: text('tenant_name'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});

/** An invoice pushed to Xero: the remote ids, the status last pulled, the payments already sent. */
export const xeroInvoices = pgTable(
  'xero_invoices',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => xeroConnections.id, { onDelete: 'restrict' }),
    /** agency:{id}, customer:{id} or name:{name}: whom the Xero contact stands for */
    party: text('party').notNull(),
    xeroContactId: text('xero_contact_id').notNull(),
    xeroInvoiceId: text('xero_invoice_id').notNull(),
    /** Invoice (ACCREC) or credit note (ACCRECCREDIT, a cancellation invoice) */
    xeroType: text('xero_type').notNull(),
    status: text('status').notNull(),
    amountDue: numeric('amount_due', { precision: 14, scale: 2 }).notNull().default('0'),
    amountPaid: numeric('amount_paid', { precision: 14, scale: 2 }).notNull().default('0'),
    /** [{ paymentId, xeroPaymentId, amount }] */
    payments: jsonb('payments').notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('xero_invoices_invoice_unique').on(t.invoiceId),
    index('xero_invoices_party_idx').on(t.connectionId, t.party),
  ],
);
