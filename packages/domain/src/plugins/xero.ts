import { z } from 'zod';

// The Xero plugin's API (`/api/plugins/xero`, docs/domain/xero.md): the connection as a generic resource
// (secrets write-only) and the state of an invoice pushed to Xero.

const ZUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'An http(s) URL');
const ZCode = z.string().trim().min(1).max(50);

export const ZXeroConfig = z.object({
  /** The OAuth 2.0 app's client id (Xero developer portal). */
  clientId: z.string().trim().max(200).optional(),
  /** Where Xero sends the user back after consent: the /plugins screen of this installation. */
  redirectUri: ZUrl.optional(),
  /** Revenue account of the invoice lines (Xero account code). */
  salesAccountCode: ZCode.default('200'),
  /** Bank account the payments are booked to (Xero account code). */
  paymentAccountCode: ZCode.default('090'),
  /** Other endpoints than Xero's own (tests, proxies). */
  apiBase: ZUrl.optional(),
  identityBase: ZUrl.optional(),
  loginBase: ZUrl.optional(),
});
export type TXeroConfig = z.infer<typeof ZXeroConfig>;

export const ZXeroSecrets = z.object({ clientSecret: z.string().max(500).nullable().optional() });

export const ZXeroConnectionCreate = z.object({
  name: z.string().trim().min(1).max(200),
  isActive: z.boolean().default(true),
  config: ZXeroConfig.default({ salesAccountCode: '200', paymentAccountCode: '090' }),
  secrets: ZXeroSecrets.default({}),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export const ZXeroConnectionUpdate = ZXeroConnectionCreate.partial();

export const ZXeroConnection = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  config: ZXeroConfig,
  secretsSet: z.object({ clientSecret: z.boolean() }),
  /** The Xero organisation this connection is authorised for (null: not connected). */
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TXeroConnection = z.infer<typeof ZXeroConnection>;

/** `POST /api/plugins/xero/{id}/connect`: where to send the user for Xero's consent. */
export const ZXeroConsent = z.object({ url: z.string() });
/** `POST /api/plugins/xero/{id}/callback`: the code and state Xero sent back to the redirect URI. */
export const ZXeroCallback = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(200),
});

export const XERO_STATUSES = ['DRAFT', 'SUBMITTED', 'AUTHORISED', 'PAID', 'VOIDED', 'DELETED'] as const;

/** An invoice as pushed to Xero. */
export const ZXeroInvoice = z.object({
  invoiceId: z.number().int(),
  connectionId: z.number().int(),
  xeroInvoiceId: z.string(),
  xeroContactId: z.string(),
  /** ACCREC (invoice) or ACCRECCREDIT (credit note, a cancellation invoice) */
  xeroType: z.string(),
  status: z.string(),
  amountDue: z.string(),
  amountPaid: z.string(),
  paymentsPushed: z.number().int(),
  syncedAt: z.string(),
});
export type TXeroInvoice = z.infer<typeof ZXeroInvoice>;

/** The invoices screens' question: is Xero connected, and which of these invoices are in it (no call to Xero). */
export const ZXeroInvoiceStatesQuery = z.object({
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'a comma-separated list of invoice ids')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((list) => list.length <= 200, 'at most 200 invoice ids'),
});
export const ZXeroInvoiceStates = z.object({
  /** An active connection is authorised: the invoices screens offer the push. */
  connected: z.boolean(),
  /** The invoices of `ids` that were pushed, as last synced (VOIDED ones included). */
  invoices: z.array(ZXeroInvoice),
});
export type TXeroInvoiceStates = z.infer<typeof ZXeroInvoiceStates>;
