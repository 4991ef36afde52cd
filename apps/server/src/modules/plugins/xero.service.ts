import { randomBytes } from 'node:crypto';
import { lineTaxParts, type TInvoiceLine } from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import { type TXeroConfig, type TXeroInvoice, ZXeroConfig } from '@atoll/domain/plugins/xero';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type AccountingApi,
  type Contact,
  CreditNote,
  Invoice,
  LineAmountTypes,
  type LineItem,
  type Payment,
  type TaxRate,
} from 'xero-node';
import type { Db, Executor } from '../../db/client.ts';
import { bookings, invoices, payments, xeroConnections, xeroInvoices } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import {
  accountingApi,
  consentUrl,
  exchangeToken,
  failureOf,
  firstTenant,
  type TXeroTokens,
  unavailable,
  xeroNotConfigured,
} from './xero.client.ts';

// The Xero plugin (docs/domain/xero.md): an installation connects its Xero organisation by OAuth 2.0 and
// pushes issued invoices (cancellation invoices as credit notes) with their contact, lines, tax rates and the
// booking's payments; the status is pulled back. The remote calls run outside any transaction; only their
// outcome is written, in one transaction, so a failure of Xero changes nothing here. Every create carries an
// idempotency key, so a retry after a failure half way does not create a second invoice or payment in Xero.

export type TConnectionRow = typeof xeroConnections.$inferSelect;
type TLinkRow = typeof xeroInvoices.$inferSelect;
type TSecrets = Partial<TXeroTokens> & { clientSecret?: string; state?: string };
type TPushedPayment = { paymentId: number; xeroPaymentId: string; amount: string };

export const secretsOfConnection = (row: TConnectionRow) => (row.secrets ?? {}) as TSecrets;
export const configOfConnection = (row: TConnectionRow): TXeroConfig => {
  const parsed = ZXeroConfig.safeParse(row.config ?? {});
  return parsed.success ? parsed.data : ZXeroConfig.parse({});
};

const fix2 = (v: InstanceType<typeof D>) => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
const num = (v: InstanceType<typeof D> | string) => Number(fix2(new D(v)));

export function toXeroInvoice(row: TLinkRow): TXeroInvoice {
  return {
    invoiceId: row.invoiceId,
    connectionId: row.connectionId,
    xeroInvoiceId: row.xeroInvoiceId,
    xeroContactId: row.xeroContactId,
    xeroType: row.xeroType,
    status: row.status,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    paymentsPushed: (row.payments as TPushedPayment[]).length,
    syncedAt: row.syncedAt.toISOString(),
  };
}

/** Whom the Xero contact stands for: the agency, the customer, else the name on the invoice. */
function partyOf(recipient: { agencyId?: number; customerId?: number; name?: string }) {
  if (recipient.agencyId) return `agency:${recipient.agencyId}`;
  if (recipient.customerId) return `customer:${recipient.customerId}`;
  return `name:${(recipient.name ?? '').trim().toLowerCase()}`;
}

/** Runs an SDK call; its failure becomes a 502 with Xero's reason. */
async function call<T>(what: string, run: () => Promise<{ body: T }>): Promise<T> {
  try {
    return (await run()).body;
  } catch (error) {
    const f = failureOf(error);
    throw unavailable(`${what}: ${f.status ? `${f.status} ` : ''}${f.message}`);
  }
}

export function createXeroService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function connectionRow(ex: Executor, id: number) {
    const [row] = await ex.select().from(xeroConnections).where(eq(xeroConnections.id, id));
    if (!row) throw notFound('Xero connection');
    return row;
  }

  /** The installation's connection: the first active one that is connected. */
  async function activeConnection(ex: Executor) {
    const rows = await ex
      .select()
      .from(xeroConnections)
      .where(eq(xeroConnections.isActive, true))
      .orderBy(asc(xeroConnections.sort), asc(xeroConnections.id));
    const row = rows.find((r) => r.tenantId && secretsOfConnection(r).refreshToken);
    if (!row) throw xeroNotConfigured('an authorised organisation: connect it under /plugins');
    return row;
  }

  /** A live access token, refreshed (and the new tokens stored) when it expires within a minute. */
  async function accessTokenOf(row: TConnectionRow): Promise<string> {
    const secrets = secretsOfConnection(row);
    if (!secrets.refreshToken || !secrets.accessToken) throw xeroNotConfigured('an authorisation');
    if (secrets.expiresAt && new Date(secrets.expiresAt).getTime() - 60_000 > now().getTime())
      return secrets.accessToken;
    if (!secrets.clientSecret) throw xeroNotConfigured('a client secret');
    const tokens = await exchangeToken(
      configOfConnection(row),
      secrets.clientSecret,
      { refreshToken: secrets.refreshToken },
      now(),
    );
    await db
      .update(xeroConnections)
      .set({ secrets: { ...secrets, ...tokens }, updatedAt: now() })
      .where(eq(xeroConnections.id, row.id));
    return tokens.accessToken;
  }

  async function apiOf(row: TConnectionRow) {
    return {
      api: accountingApi(configOfConnection(row), await accessTokenOf(row)),
      tenant: row.tenantId ?? '',
    };
  }

  /** The Xero tax type for each rate of the invoice: an active revenue rate of that percentage, else a new one. */
  async function taxTypes(api: AccountingApi, tenant: string, rates: string[], key: string) {
    const found = await call('tax rates', () => api.getTaxRates(tenant));
    const out = new Map<string, string>();
    const missing: TaxRate[] = [];
    for (const rate of new Set(rates)) {
      const match = (found.taxRates ?? []).find(
        (t) =>
          String(t.status) === 'ACTIVE' &&
          t.canApplyToRevenue !== false &&
          t.effectiveRate !== undefined &&
          new D(t.effectiveRate).eq(rate),
      );
      if (match?.taxType) out.set(rate, match.taxType);
      else
        missing.push({
          name: `Atoll ${new D(rate).toFixed()}%`,
          taxComponents: [{ name: 'VAT', rate: Number(rate) }],
        });
    }
    if (missing.length > 0) {
      const made = await call('new tax rates', () =>
        api.createTaxRates(
          tenant,
          { taxRates: missing },
          `${key}-taxrates-${missing.map((m) => m.name).join(',')}`,
        ),
      );
      for (const t of made.taxRates ?? []) {
        if (t.taxType && t.effectiveRate !== undefined) out.set(new D(t.effectiveRate).toFixed(), t.taxType);
      }
    }
    for (const rate of rates) {
      const type = out.get(rate) ?? out.get(new D(rate).toFixed());
      if (!type) throw unavailable(`no tax rate of ${rate} %`);
      out.set(rate, type);
    }
    return out;
  }

  /** The invoice lines, net of tax as the project's tax rule computes them, each with its tax amount. */
  function lineItems(
    lines: TInvoiceLine[],
    sign: 1 | -1,
    account: string,
    types: Map<string, string>,
  ): LineItem[] {
    return lines.map((line) => {
      const parts = lineTaxParts(line);
      const net = new D(parts.net).times(sign);
      const qty = new D(line.amount || '0');
      const unit = qty.isZero() ? null : net.div(qty);
      const exact = unit !== null && unit.decimalPlaces() <= 2 && !qty.isNegative();
      return {
        description: exact || qty.isZero() ? line.text : `${qty.toFixed()} × ${line.text}`,
        quantity: exact ? qty.toNumber() : 1,
        unitAmount: exact && unit ? num(unit) : num(net),
        lineAmount: num(net),
        accountCode: account,
        taxType: types.get(line.taxRate || '0') ?? '',
        taxAmount: num(new D(parts.tax).times(sign)),
      };
    });
  }

  async function loadInvoice(ex: Executor, id: number) {
    const [row] = await ex
      .select({ invoice: invoices, bookingNumber: bookings.bookingNo })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .where(eq(invoices.id, id));
    if (!row) throw notFound('Invoice');
    return row;
  }

  async function linkOf(ex: Executor, invoiceId: number) {
    const [row] = await ex.select().from(xeroInvoices).where(eq(xeroInvoices.invoiceId, invoiceId));
    return row;
  }

  /** Final payments of the booking in the invoice's currency, up to the invoice's gross, not yet sent. */
  async function paymentsToPush(
    ex: Executor,
    invoice: typeof invoices.$inferSelect,
    pushed: TPushedPayment[],
  ) {
    if (invoice.kind === 'cancellation') return [];
    const rows = await ex
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, invoice.bookingId), eq(payments.status, 'final')))
      .orderBy(asc(payments.date), asc(payments.id));
    const done = new Set(pushed.map((p) => p.paymentId));
    let room = new D(invoice.gross).minus(pushed.reduce((s, p) => s.plus(p.amount), new D(0)));
    const out: { id: number; date: string; amount: string; reference: string | null }[] = [];
    for (const p of rows) {
      if (done.has(p.id) || p.currency !== invoice.currency || !new D(p.amount).isPositive()) continue;
      if (!room.isPositive()) break;
      const amount = D.min(room, new D(p.amount));
      out.push({ id: p.id, date: p.date, amount: fix2(amount), reference: p.reference });
      room = room.minus(amount);
    }
    return out;
  }

  type TRemoteState = { status: string; amountDue: string; amountPaid: string };
  const stateOf = (doc: Invoice | undefined): TRemoteState => ({
    status: doc?.status !== undefined ? String(doc.status) : 'DRAFT',
    amountDue: fix2(new D(doc?.amountDue ?? 0)),
    amountPaid: fix2(new D(doc?.amountPaid ?? 0)),
  });
  /** A credit note's open amount is its remaining credit, what was used of it the applied amount. */
  const creditStateOf = (doc: CreditNote | undefined): TRemoteState => ({
    status: doc?.status !== undefined ? String(doc.status) : 'DRAFT',
    amountDue: fix2(new D(doc?.remainingCredit ?? 0)),
    amountPaid: fix2(new D(doc?.appliedAmount ?? 0)),
  });

  async function pullState(
    api: AccountingApi,
    tenant: string,
    link: Pick<TLinkRow, 'xeroType' | 'xeroInvoiceId'>,
  ) {
    if (link.xeroType === 'ACCRECCREDIT') {
      const body = await call('credit note', () => api.getCreditNote(tenant, link.xeroInvoiceId));
      return creditStateOf(body.creditNotes?.[0]);
    }
    const body = await call('invoice', () => api.getInvoice(tenant, link.xeroInvoiceId));
    return stateOf(body.invoices?.[0]);
  }

  /** Sends the invoice (or credit note) with its lines; answers Xero's id. */
  async function sendDocument(
    api: AccountingApi,
    tenant: string,
    conn: TConnectionRow,
    loaded: Awaited<ReturnType<typeof loadInvoice>>,
    contactID: string,
    existing: TLinkRow | undefined,
  ) {
    const { invoice, bookingNumber } = loaded;
    const isCredit = invoice.kind === 'cancellation';
    const lines = invoice.lines as TInvoiceLine[];
    const key = `atoll-${conn.id}-${invoice.id}`;
    const types = await taxTypes(
      api,
      tenant,
      lines.map((l) => l.taxRate || '0'),
      key,
    );
    const items = lineItems(lines, isCredit ? -1 : 1, configOfConnection(conn).salesAccountCode, types);
    const common = {
      contact: { contactID } as Contact,
      date: invoice.date,
      lineAmountTypes: LineAmountTypes.Exclusive,
      lineItems: items,
      currencyCode: invoice.currency as never,
      reference: bookingNumber ?? undefined,
    };
    const again =
      existing && ['VOIDED', 'DELETED'].includes(existing.status) ? `-after-${existing.xeroInvoiceId}` : '';
    if (isCredit) {
      const note: CreditNote = {
        ...common,
        type: CreditNote.TypeEnum.ACCRECCREDIT,
        creditNoteNumber: invoice.number,
        status: CreditNote.StatusEnum.AUTHORISED,
      };
      const body =
        existing && !again
          ? await call('credit note', () =>
              api.updateCreditNote(tenant, existing.xeroInvoiceId, { creditNotes: [note] }),
            )
          : await call('credit note', () =>
              api.createCreditNotes(tenant, { creditNotes: [note] }, false, undefined, `${key}-doc${again}`),
            );
      const id = body.creditNotes?.[0]?.creditNoteID;
      if (!id) throw unavailable('no credit note id in the answer');
      return { id, type: 'ACCRECCREDIT' };
    }
    const doc: Invoice = {
      ...common,
      type: Invoice.TypeEnum.ACCREC,
      invoiceNumber: invoice.number,
      dueDate: invoice.date,
      status: Invoice.StatusEnum.AUTHORISED,
    };
    const body =
      existing && !again
        ? await call('invoice', () => api.updateInvoice(tenant, existing.xeroInvoiceId, { invoices: [doc] }))
        : await call('invoice', () =>
            api.createInvoices(tenant, { invoices: [doc] }, false, undefined, `${key}-doc${again}`),
          );
    const id = body.invoices?.[0]?.invoiceID;
    if (!id) throw unavailable('no invoice id in the answer');
    return { id, type: 'ACCREC' };
  }

  async function sendPayments(
    api: AccountingApi,
    tenant: string,
    conn: TConnectionRow,
    xeroInvoiceId: string,
    list: Awaited<ReturnType<typeof paymentsToPush>>,
  ): Promise<TPushedPayment[]> {
    const out: TPushedPayment[] = [];
    for (const p of list) {
      const payment: Payment = {
        invoice: { invoiceID: xeroInvoiceId },
        account: { code: configOfConnection(conn).paymentAccountCode },
        date: p.date,
        amount: Number(p.amount),
        reference: p.reference ?? undefined,
      };
      const body = await call('payment', () =>
        api.createPayment(tenant, payment, `atoll-${conn.id}-payment-${p.id}-${xeroInvoiceId}`),
      );
      const id = body.payments?.[0]?.paymentID;
      if (!id) throw unavailable('no payment id in the answer');
      out.push({ paymentId: p.id, xeroPaymentId: id, amount: p.amount });
    }
    return out;
  }

  return {
    /** Starts the OAuth consent: a fresh state is kept with the connection, the URL answered. */
    async connect(id: number) {
      const row = await connectionRow(db, id);
      const url = consentUrl(configOfConnection(row), 'pending');
      const state = randomBytes(18).toString('base64url');
      await db
        .update(xeroConnections)
        .set({ secrets: { ...secretsOfConnection(row), state }, updatedAt: now() })
        .where(eq(xeroConnections.id, id));
      return { url: url.replace('state=pending', `state=${state}`) };
    },

    /** The code Xero sent back: exchanged for tokens, the organisation read; stored only when all succeeded. */
    async callback(id: number, input: { code: string; state: string }) {
      const row = await connectionRow(db, id);
      const secrets = secretsOfConnection(row);
      if (!secrets.state || secrets.state !== input.state)
        throw new AppError(
          400,
          'INVALID_TOKEN',
          'The OAuth state does not match: start the connection again',
        );
      if (!secrets.clientSecret) throw xeroNotConfigured('a client secret');
      const config = configOfConnection(row);
      const tokens = await exchangeToken(config, secrets.clientSecret, { code: input.code }, now());
      const tenant = await firstTenant(config, tokens.accessToken);
      const { state: _used, ...rest } = secrets;
      const [updated] = await db
        .update(xeroConnections)
        .set({ secrets: { ...rest, ...tokens }, ...tenant, connectedAt: now(), updatedAt: now() })
        .where(eq(xeroConnections.id, id))
        .returning();
      return updated as TConnectionRow;
    },

    /** Forgets the authorisation (the tokens and the organisation). */
    async disconnect(id: number) {
      const row = await connectionRow(db, id);
      const {
        accessToken: _a,
        refreshToken: _r,
        expiresAt: _e,
        state: _s,
        ...rest
      } = secretsOfConnection(row);
      const [updated] = await db
        .update(xeroConnections)
        .set({ secrets: rest, tenantId: null, tenantName: null, connectedAt: null, updatedAt: now() })
        .where(eq(xeroConnections.id, id))
        .returning();
      return updated as TConnectionRow;
    },

    /** Whether Xero is connected and which of the invoices are in it, as last synced (nothing asked of Xero). */
    async states(invoiceIds: number[]) {
      const connected = await activeConnection(db).then(
        () => true,
        () => false,
      );
      const rows = invoiceIds.length
        ? await db.select().from(xeroInvoices).where(inArray(xeroInvoices.invoiceId, invoiceIds))
        : [];
      return { connected, invoices: rows.map(toXeroInvoice) };
    },

    /** GET invoice/{id}: the pushed invoice with its status pulled from Xero now. */
    async status(invoiceId: number) {
      const link = await linkOf(db, invoiceId);
      if (!link) throw notFound('Xero invoice');
      const conn = await connectionRow(db, link.connectionId);
      const { api, tenant } = await apiOf(conn);
      const state = await pullState(api, tenant, link);
      const [row] = await db
        .update(xeroInvoices)
        .set({ ...state, syncedAt: now(), updatedAt: now() })
        .where(eq(xeroInvoices.id, link.id))
        .returning();
      return toXeroInvoice(row as TLinkRow);
    },

    /**
     * POST invoice/{id} (first push) and PUT invoice/{id} (send again: lines, new payments, status).
     * POST on an invoice already in Xero is a 409, PUT on one that is not a 404; a voided one is pushed anew.
     */
    async push(invoiceId: number, mode: 'create' | 'update') {
      const loaded = await loadInvoice(db, invoiceId);
      const existing = await linkOf(db, invoiceId);
      const gone = existing && ['VOIDED', 'DELETED'].includes(existing.status);
      if (mode === 'create' && existing && !gone)
        throw conflict('The invoice is in Xero already: send it again with PUT');
      if (mode === 'update' && (!existing || gone)) throw notFound('Xero invoice');
      const conn =
        existing && !gone ? await connectionRow(db, existing.connectionId) : await activeConnection(db);
      const party = partyOf(
        loaded.invoice.recipient as { agencyId?: number; customerId?: number; name?: string },
      );
      const [known] = await db
        .select({ contact: xeroInvoices.xeroContactId })
        .from(xeroInvoices)
        .where(and(eq(xeroInvoices.connectionId, conn.id), eq(xeroInvoices.party, party)))
        .limit(1);
      const pushed = existing && !gone ? (existing.payments as TPushedPayment[]) : [];
      const toPay = await paymentsToPush(db, loaded.invoice, pushed);

      // Remote, in order; nothing is written here before all of it succeeded.
      const { api, tenant } = await apiOf(conn);
      let contactID = known?.contact;
      if (!contactID) {
        const r = loaded.invoice.recipient as {
          name?: string;
          vatId?: string;
          address?: Record<string, string>;
        };
        const contact: Contact = {
          name: r.name?.trim() || loaded.invoice.number,
          taxNumber: r.vatId || undefined,
          addresses: r.address
            ? [
                {
                  addressType: 'POBOX' as never,
                  addressLine1: r.address.street,
                  city: r.address.city,
                  postalCode: r.address.zip,
                  country: r.address.country,
                },
              ]
            : undefined,
        };
        const body = await call('contact', () =>
          api.createContacts(tenant, { contacts: [contact] }, false, `atoll-${conn.id}-contact-${party}`),
        );
        contactID = body.contacts?.[0]?.contactID;
        if (!contactID) throw unavailable('no contact id in the answer');
      }
      const doc = await sendDocument(api, tenant, conn, loaded, contactID, existing);
      const sent = await sendPayments(api, tenant, conn, doc.id, toPay);
      const state = await pullState(api, tenant, { xeroType: doc.type, xeroInvoiceId: doc.id });

      const values = {
        connectionId: conn.id,
        party,
        xeroContactId: contactID,
        xeroInvoiceId: doc.id,
        xeroType: doc.type,
        ...state,
        payments: [...pushed, ...sent],
        syncedAt: now(),
        updatedAt: now(),
      };
      const row = await db.transaction(async (tx) => {
        const [saved] = existing
          ? await tx.update(xeroInvoices).set(values).where(eq(xeroInvoices.id, existing.id)).returning()
          : await tx
              .insert(xeroInvoices)
              .values({ invoiceId, ...values })
              .returning();
        return saved as TLinkRow;
      });
      return toXeroInvoice(row);
    },

    /** DELETE invoice/{id}: voided in Xero (deleted while a draft); the link keeps the final status. */
    async void(invoiceId: number) {
      const link = await linkOf(db, invoiceId);
      if (!link || ['VOIDED', 'DELETED'].includes(link.status)) throw notFound('Xero invoice');
      const conn = await connectionRow(db, link.connectionId);
      const { api, tenant } = await apiOf(conn);
      const current = await pullState(api, tenant, link);
      const target = ['DRAFT', 'SUBMITTED'].includes(current.status) ? 'DELETED' : 'VOIDED';
      if (link.xeroType === 'ACCRECCREDIT') {
        await call('credit note', () =>
          api.updateCreditNote(tenant, link.xeroInvoiceId, {
            creditNotes: [{ status: CreditNote.StatusEnum[target as 'VOIDED'] }],
          }),
        );
      } else {
        await call('invoice', () =>
          api.updateInvoice(tenant, link.xeroInvoiceId, {
            invoices: [{ status: Invoice.StatusEnum[target as 'VOIDED'] }],
          }),
        );
      }
      const state = await pullState(api, tenant, link);
      const [row] = await db
        .update(xeroInvoices)
        .set({ ...state, syncedAt: now(), updatedAt: now() })
        .where(eq(xeroInvoices.id, link.id))
        .returning();
      return toXeroInvoice(row as TLinkRow);
    },
  };
}

export type TXeroService = ReturnType<typeof createXeroService>;
