import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Contact,
  type Contacts,
  type CreditNote,
  type CreditNotes,
  type Invoice,
  type Invoices,
  ObjectSerializer,
  type Payment,
  type Payments,
  TaxRate,
  type TaxRates,
} from 'xero-node';

// A local server speaking Xero's contract for the tests (never the internet): the OAuth 2.0 token endpoint and
// GET /connections, and the Accounting API calls the plugin makes, with the bodies read and written through
// the SDK's own model types (ObjectSerializer: PascalCase JSON as Xero sends it), bearer token and tenant
// checked, Idempotency-Key honoured, and totals, payments and voiding as Xero applies them.

export const FAKE = {
  clientId: 'client-abc',
  clientSecret: 'secret-never-shown',
  code: 'code-ok',
  tenantId: 'tenant-1',
  tenantName: 'Atoll Demo Ltd',
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function xeroFake() {
  const state = {
    accessToken: '',
    refreshToken: '',
    grants: [] as string[],
    taxRates: [
      {
        name: 'Standard 19%',
        taxType: 'OUTPUT2',
        effectiveRate: 19,
        status: TaxRate.StatusEnum.ACTIVE,
        canApplyToRevenue: true,
      },
      {
        name: 'Old 16%',
        taxType: 'OLD16',
        effectiveRate: 7,
        status: TaxRate.StatusEnum.DELETED,
        canApplyToRevenue: true,
      },
    ] as TaxRate[],
    contacts: new Map<string, Contact>(),
    invoices: new Map<string, Invoice>(),
    creditNotes: new Map<string, CreditNote>(),
    payments: [] as Payment[],
    idempotent: new Map<string, string>(),
    /** The next API call (to `path`, when given) answers this status (once). */
    failNext: null as null | { status: number; body: unknown; path?: string },
    requests: [] as { method: string; path: string }[],
  };

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => resolve(body));
    });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const validation = (message: string) => ({
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ValidationErrors: [{ Message: message }] }],
  });

  function totals(doc: Invoice | CreditNote) {
    const lines = doc.lineItems ?? [];
    doc.subTotal = round2(
      lines.reduce((s, l) => s + (l.lineAmount ?? (l.quantity ?? 1) * (l.unitAmount ?? 0)), 0),
    );
    doc.totalTax = round2(lines.reduce((s, l) => s + (l.taxAmount ?? 0), 0));
    doc.total = round2(doc.subTotal + doc.totalTax);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${state.accessToken}` || !state.accessToken)
      return send(res, 401, { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired' });
    if (req.headers['xero-tenant-id'] !== FAKE.tenantId)
      return send(res, 403, { Title: 'Forbidden', Detail: 'AuthenticationUnsuccessful' });
    if (state.failNext && (!state.failNext.path || state.failNext.path === path)) {
      const f = state.failNext;
      state.failNext = null;
      return send(res, f.status, f.body);
    }
    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
    if (idemKey && state.idempotent.has(idemKey)) return send(res, 200, state.idempotent.get(idemKey));
    const raw = await read(req);
    const json = raw ? JSON.parse(raw) : {};
    const answer = (type: string, value: unknown) => {
      const body = JSON.stringify(ObjectSerializer.serialize(value, type));
      if (idemKey) state.idempotent.set(idemKey, body);
      send(res, 200, body);
    };
    const [, resource, id] = path.split('/');

    if (resource === 'TaxRates' && req.method === 'GET')
      return answer('TaxRates', { taxRates: state.taxRates });
    if (resource === 'TaxRates' && req.method === 'PUT') {
      const sent = (ObjectSerializer.deserialize(json, 'TaxRates') as TaxRates).taxRates ?? [];
      const made = sent.map((t, i) => ({
        ...t,
        taxType: `TAX${state.taxRates.length + i + 1}`,
        effectiveRate: (t.taxComponents ?? []).reduce((s, c) => s + (c.rate ?? 0), 0),
        status: 'ACTIVE' as never,
        canApplyToRevenue: true,
      }));
      state.taxRates.push(...made);
      return answer('TaxRates', { taxRates: made });
    }
    if (resource === 'Contacts' && req.method === 'PUT') {
      const sent = (ObjectSerializer.deserialize(json, 'Contacts') as Contacts).contacts ?? [];
      if (sent.some((c) => !c.name)) return send(res, 400, validation('The contact name must be given'));
      const made = sent.map((c) => ({ ...c, contactID: randomUUID() }));
      for (const c of made) state.contacts.set(c.contactID, c);
      return answer('Contacts', { contacts: made });
    }
    const docs =
      resource === 'Invoices' ? state.invoices : resource === 'CreditNotes' ? state.creditNotes : null;
    const plural = resource === 'Invoices' ? 'invoices' : 'creditNotes';
    if (docs && req.method === 'GET' && id) {
      const doc = docs.get(id);
      if (!doc) return send(res, 404, { Title: 'Not found' });
      return answer(resource as string, { [plural]: [doc] });
    }
    if (docs && req.method === 'PUT') {
      const body = ObjectSerializer.deserialize(json, resource as string) as Invoices & CreditNotes;
      const sent = (body.invoices ?? body.creditNotes ?? []) as (Invoice & CreditNote)[];
      const out = [];
      for (const d of sent) {
        if (!d.contact?.contactID || !state.contacts.has(d.contact.contactID))
          return send(res, 400, validation('The contact does not exist'));
        if (
          (d.lineItems ?? []).some(
            (l) => !state.taxRates.some((t) => t.taxType === l.taxType && String(t.status) === 'ACTIVE'),
          )
        )
          return send(res, 400, validation('The TaxType code is not valid'));
        const idKey = resource === 'Invoices' ? 'invoiceID' : 'creditNoteID';
        const made = { ...d, [idKey]: randomUUID(), amountPaid: 0, appliedAmount: 0 } as Invoice & CreditNote;
        totals(made);
        made.amountDue = made.total;
        made.remainingCredit = made.total;
        docs.set(made[idKey] as string, made);
        out.push(made);
      }
      return answer(resource as string, { [plural]: out });
    }
    if (docs && req.method === 'POST' && id) {
      const doc = docs.get(id) as (Invoice & CreditNote) | undefined;
      if (!doc) return send(res, 404, { Title: 'Not found' });
      const body = ObjectSerializer.deserialize(json, resource as string) as Invoices & CreditNotes;
      const change = (body.invoices ?? body.creditNotes ?? [])[0] ?? {};
      const status = change.status === undefined ? undefined : String(change.status);
      if (status === 'VOIDED' && (doc.amountPaid ?? 0) > 0)
        return send(
          res,
          400,
          validation(
            'Invoice not of valid status for modification. This document cannot be voided as it has payments',
          ),
        );
      if (['VOIDED', 'DELETED', 'PAID'].includes(String(doc.status)) && change.lineItems)
        return send(
          res,
          400,
          validation('This document cannot be edited as it is not a draft or awaiting payment'),
        );
      if (change.lineItems) {
        doc.lineItems = change.lineItems;
        totals(doc);
        doc.amountDue = round2((doc.total ?? 0) - (doc.amountPaid ?? 0));
      }
      if (status) doc.status = change.status as never;
      return answer(resource as string, { [plural]: [doc] });
    }
    if (resource === 'Payments' && (req.method === 'PUT' || req.method === 'POST')) {
      const p = ObjectSerializer.deserialize(json, 'Payment') as Payment;
      const inv = state.invoices.get(p.invoice?.invoiceID ?? '');
      if (!inv) return send(res, 400, validation('Invoice could not be found'));
      if (String(inv.status) !== 'AUTHORISED')
        return send(res, 400, validation('Payment can only be made against Authorised documents'));
      if ((p.amount ?? 0) > (inv.amountDue ?? 0) + 0.001)
        return send(res, 400, validation('Payment amount exceeds the amount outstanding'));
      const made = { ...p, paymentID: randomUUID() };
      state.payments.push(made);
      inv.amountPaid = round2((inv.amountPaid ?? 0) + (p.amount ?? 0));
      inv.amountDue = round2((inv.total ?? 0) - inv.amountPaid);
      if (inv.amountDue === 0) inv.status = 'PAID' as never;
      return answer('Payments', { payments: [made] } as Payments);
    }
    return send(res, 404, { Title: 'Not found', Detail: `${req.method} ${path}` });
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const basic = `Basic ${Buffer.from(`${FAKE.clientId}:${FAKE.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return send(res, 400, { error: 'invalid_client' });
    const form = new URLSearchParams(await read(req));
    const grant = form.get('grant_type') ?? '';
    if (grant === 'authorization_code' && form.get('code') !== FAKE.code)
      return send(res, 400, { error: 'invalid_grant' });
    if (grant === 'refresh_token' && form.get('refresh_token') !== state.refreshToken)
      return send(res, 400, { error: 'invalid_grant' });
    state.grants.push(grant);
    state.accessToken = `access-${randomUUID()}`;
    state.refreshToken = `refresh-${randomUUID()}`;
    return send(res, 200, {
      access_token: state.accessToken,
      refresh_token: state.refreshToken,
      expires_in: 1800,
      token_type: 'Bearer',
      scope: 'accounting.transactions',
    });
  }

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    state.requests.push({ method: req.method ?? '', path });
    if (path === '/connect/token' && req.method === 'POST') return void token(req, res);
    if (path === '/connections' && req.method === 'GET') {
      if (req.headers.authorization !== `Bearer ${state.accessToken}`)
        return send(res, 401, { Title: 'Unauthorized' });
      return send(res, 200, [
        {
          id: randomUUID(),
          tenantId: FAKE.tenantId,
          tenantType: 'ORGANISATION',
          tenantName: FAKE.tenantName,
        },
      ]);
    }
    if (path.startsWith('/api.xro/2.0/')) return void api(req, res, path.slice('/api.xro/2.0'.length));
    send(res, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, state, close: () => new Promise((resolve) => server.close(resolve)) };
}
