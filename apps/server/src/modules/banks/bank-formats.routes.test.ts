// camt.053 (versions 02 and 08) and MT940 statements (docs/domain/bank-formats.md): samples written here with
// umlauts, several statements, debit and credit, end-to-end ids and a batch; imported into the bank's entries,
// matched by the booking number and paid; a second import of the same file adds nothing; bad files 400.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, ok, stayBody, type TWorld } from '../../../test/booking-test-world.ts';
import { expectError } from '../../../test/harness.ts';
import { details86, readMt940 } from './mt940.ts';

let w: TWorld;
let clerk: string;
let bankId: number;

type TEntry = {
  id: number;
  amount: string;
  counterparty: string | null;
  reference: string | null;
  externalId: string | null;
};

function post(path: string, body: string, type: string, token = clerk) {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/banks/${bankId}/import/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: Buffer.from(body, 'utf8'),
  });
}
const entries = async () =>
  (ok(await w.t.get(`/api/banks/${bankId}/entries?size=100`, clerk)) as { data: TEntry[] }).data.sort(
    (a, b) => a.id - b.id,
  );
const newBooking = async () =>
  ok(
    await w.t.post(
      '/api/bookings',
      w.tokens.staff,
      stayBody(await w.resortRoom(), { state: 'confirmed', termsId: w.terms.resort }),
    ),
    201,
  ) as { id: number; bookingNo: string; openAmount: string };

/** One camt.053 Ntry; `txs` more than one: a batch with each transaction's own amount. */
function ntry(v: '02' | '08', e: { ref: string; amount: string; dbit?: boolean; date: string; txs: TTx[] }) {
  const party = (tag: string, name: string) =>
    v === '02' ? `<${tag}><Nm>${name}</Nm></${tag}>` : `<${tag}><Pty><Nm>${name}</Nm></Pty></${tag}>`;
  const txs = e.txs
    .map(
      (t) => `<TxDtls><Refs><EndToEndId>${t.e2e}</EndToEndId></Refs>
        ${e.txs.length > 1 ? `<AmtDtls><TxAmt><Amt Ccy="EUR">${t.amount}</Amt></TxAmt></AmtDtls>` : ''}
        <RltdPties>${party(e.dbit ? 'Cdtr' : 'Dbtr', t.name)}</RltdPties>
        <RmtInf>${t.lines.map((l) => `<Ustrd>${l}</Ustrd>`).join('')}</RmtInf></TxDtls>`,
    )
    .join('');
  return `<Ntry><Amt Ccy="EUR">${e.amount}</Amt><CdtDbtInd>${e.dbit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>
    <BookgDt><Dt>${e.date}</Dt></BookgDt><ValDt><Dt>${e.date}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
    <NtryDtls>${txs}</NtryDtls></Ntry>`;
}
type TTx = { e2e: string; name: string; lines: string[]; amount?: string };
const camt = (v: '02' | '08', statements: string[][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}"><BkToCstmrStmt>
<GrpHdr><MsgId>M-${v}</MsgId><CreDtTm>2041-02-01T08:00:00</CreDtTm></GrpHdr>
${statements.map((s, i) => `<Stmt><Id>S-${v}-${i}</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${s.join('')}</Stmt>`).join('\n')}
</BkToCstmrStmt></Document>`;

beforeAll(async () => {
  w = await bookingWorld();
  clerk = await w.t.account('clerk@formats.test', [
    'banks.read',
    'banks.create',
    'bankentries.read',
    'bankentries.create',
    'bankentries.update',
    'bookings.read',
  ]);
  bankId = ok(
    await w.t.post('/api/banks', clerk, {
      name: 'Förde Sparkasse',
      currency: 'EUR',
      openingBalance: '0.00',
      openingDate: '2041-01-01',
    }),
    201,
  ).id;
});
afterAll(() => w?.t.close());

describe('camt.053', () => {
  it('imports versions 02 and 08 with several statements, matches and pays, and skips a second import', async () => {
    const paid = await newBooking();
    const open = paid.openAmount;
    const v02 = camt('02', [
      [
        ntry('02', {
          ref: 'A-1',
          amount: open,
          date: '2041-02-01',
          txs: [
            {
              e2e: 'E2E-Ü1',
              name: 'Jürgen Größ',
              lines: [`Anzahlung ${paid.bookingNo}`, 'Tauchreise Ägypten'],
            },
          ],
        }),
        ntry('02', {
          ref: 'A-2',
          amount: '250.00',
          dbit: true,
          date: '2041-02-02',
          txs: [{ e2e: 'NOTPROVIDED', name: 'Stadtwerke Flensburg', lines: ['Strom Februar'] }],
        }),
      ],
      [
        ntry('02', {
          ref: 'A-3',
          amount: '120.00',
          date: '2041-02-03',
          txs: [
            { e2e: 'B-1', name: 'Anna Weiß', lines: ['Sammler Teil 1'], amount: '70.00' },
            { e2e: 'B-2', name: 'Zoë Brünner', lines: ['Sammler Teil 2'], amount: '50.00' },
          ],
        }),
      ],
    ]);
    expect(ok(await post('camt053', v02, 'application/xml'))).toMatchObject({
      rows: 4,
      imported: 4,
      duplicates: 0,
      assigned: 1,
    });
    expect(ok(await w.t.get(`/api/bookings/${paid.id}`, w.tokens.staff))).toMatchObject({
      paymentStatus: 'paid',
    });
    const v08 = camt('08', [
      [
        ntry('08', {
          ref: 'B-9',
          amount: '99.90',
          date: '2041-02-04',
          txs: [{ e2e: 'E2E-8', name: 'Søren Æbelø', lines: ['Leihausrüstung'] }],
        }),
      ],
    ]);
    expect(ok(await post('camt053', v08, 'text/xml'))).toMatchObject({ rows: 1, imported: 1 });
    const all = await entries();
    expect(all.map((e) => [e.amount, e.counterparty, e.externalId])).toEqual([
      [open, 'Jürgen Größ', 'A-1'],
      ['-250.00', 'Stadtwerke Flensburg', 'A-2'],
      ['70.00', 'Anna Weiß', 'A-3/1'],
      ['50.00', 'Zoë Brünner', 'A-3/2'],
      ['99.90', 'Søren Æbelø', 'B-9'],
    ]);
    expect(all[0]?.reference).toBe(`Anzahlung ${paid.bookingNo} Tauchreise Ägypten EREF E2E-Ü1`);
    expect(all[1]?.reference).toBe('Strom Februar');
    // The same files again: nothing new.
    expect(ok(await post('camt053', v02, 'application/xml'))).toMatchObject({ imported: 0, duplicates: 4 });
    expect(ok(await post('camt053', v08, 'application/xml'))).toMatchObject({ imported: 0, duplicates: 1 });
    expect(await entries()).toHaveLength(5);
  });

  it('refuses what is not a camt.053 statement of version 02 or 08, importing nothing', async () => {
    const before = (await entries()).length;
    expectError(await post('camt053', '<Document/>', 'application/xml'), 400, 'ValidationError');
    const v04 = camt('02', [[]]).replace('camt.053.001.02', 'camt.053.001.04');
    expectError(await post('camt053', v04, 'application/xml'), 400, 'ValidationError');
    const broken = camt('02', [[ntry('02', { ref: 'X', amount: '1,00', date: '2041-02-01', txs: [] })]]);
    expectError(await post('camt053', broken, 'application/xml'), 400, 'ValidationError');
    expectError(await post('camt053', '<a>', 'application/xml', w.tokens.agent), 403, 'FORBIDDEN');
    expect((await entries()).length).toBe(before);
  });
});

const MT940 = (bookingNo: string, open: string) =>
  [
    ':20:STARTUMSE',
    ':25:21050170/12345678',
    ':28C:00012/001',
    ':60F:C410204EUR1000,00',
    `:61:4102050205C${open.replace('.', ',')}NTRFNONREF//MT-1`,
    ':86:166?00GUTSCHRIFT UEBERWEISUNG?109310?20EREF+E2E-MT1?21SVWZ+Restzahlung ',
    `?22${bookingNo} Müller?30NOLADE21KIE?31DE02120300000000202051?32Jörg Müller-Lüdenscheidt`,
    ':61:4102060206D45,50NDDTNONREF',
    ':86:105?00FOLGELASTSCHRIFT?20EREF+NOTPROVIDED?21SVWZ+Tauchflaschen-TÜV?32Prüfstelle Süd',
    ':62F:C410206EUR1000,00',
    '-',
    ':20:STARTUMSE',
    ':25:21050170/12345678',
    ':28C:00013/001',
    ':60F:C410206EUR1000,00',
    ':61:4102070207C12,00NTRFNONREF',
    ':86:Freitext Überweisung Straße 1',
    ':61:4102080208RC5,00NTRFNONREF//MT-4',
    ':86:166?20Storno',
    ':62F:C410208EUR1000,00',
    '-',
  ].join('\r\n');

describe('MT940', () => {
  it('imports several statements with debit, credit and a reversal; matches; skips a second import', async () => {
    const b = await newBooking();
    const file = MT940(b.bookingNo, b.openAmount);
    const before = (await entries()).length;
    expect(ok(await post('mt940', file, 'text/plain'))).toMatchObject({ rows: 4, imported: 4, assigned: 1 });
    const added = (await entries()).slice(before);
    expect(added.map((e) => [e.amount, e.counterparty, e.reference, e.externalId])).toEqual([
      [b.openAmount, 'Jörg Müller-Lüdenscheidt', `Restzahlung ${b.bookingNo} Müller EREF E2E-MT1`, 'MT-1'],
      ['-45.50', 'Prüfstelle Süd', 'Tauchflaschen-TÜV', null],
      ['12.00', null, 'Freitext Überweisung Straße 1', null],
      ['-5.00', null, 'Storno', 'MT-4'],
    ]);
    expect(ok(await w.t.get(`/api/bookings/${b.id}`, w.tokens.staff))).toMatchObject({
      paymentStatus: 'paid',
    });
    expect(ok(await post('mt940', file, 'text/plain'))).toMatchObject({ imported: 0, duplicates: 4 });
    expectError(await post('mt940', 'no statement', 'text/plain'), 400, 'ValidationError');
    expectError(
      await post('mt940', ':20:X\n:60F:C410204EUR1,00\n:61:41XX\n', 'text/plain'),
      400,
      'ValidationError',
    );
  });

  it('reads the German :86: fields and the dates around the new year', () => {
    expect(details86('166?20EREF+A1?21SVWZ+Rech?22nung 2041-000001?32Ölmühle?33 GmbH')).toEqual({
      reference: 'Rechnung 2041-000001 EREF A1',
      counterparty: 'Ölmühle GmbH',
    });
    const [entry] = readMt940(':20:X\n:60F:C411231EUR0,00\n:61:4112310102C1,00NTRFNONREF\n:86:x\n', 'EUR');
    expect(entry?.entry.date).toBe('2042-01-02');
  });
});
