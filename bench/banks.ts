import type { TImportResult } from '@atoll/domain/banks';
import { createTestApp } from '../apps/server/test/harness.ts';

// A camt.053 statement of 10,000 entries (docs/domain/bank-formats.md, issue 36) imported through the app
// without a network: parse, duplicate check, insert, suggestions and auto-assignment, as the route does it.
// Mixed credits and debits, end-to-end ids and remittance lines with umlauts; every 100th credit names an
// open booking's number, so matching finds something. Then the same file again (everything a duplicate).
// Goal: ≤ 10 s for the first import. Run: npm run bench:banks (TEST_DATABASE_URL=postgres://… for PostgreSQL).
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const BOOKINGS = 20;

const t = await createTestApp();
const admin = await t.login('admin@example.com', 'demo-admin');
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
type TRes = { statusCode: number; body: string; json: () => unknown };
const must = async <T>(res: Promise<TRes>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as T;
};

const bank = await must<{ id: number }>(
  t.post('/api/banks', admin, {
    name: 'Bench Sparkasse',
    currency: 'EUR',
    openingBalance: '0.00',
    openingDate: '2026-01-01',
    autoAssign: true,
  }),
  201,
);
// Open bookings the statement pays: confirmed stays a year and more ahead, one room each.
const rooms = await must<{ data: { id: number }[] }>(t.get(`/api/rooms?size=${BOOKINGS}&sort=id`, admin));
const ahead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const open: string[] = [];
for (const room of rooms.data) {
  const booking = await must<{ bookingNo: string }>(
    t.post('/api/bookings', admin, {
      state: 'confirmed',
      rooms: [{ roomId: room.id, from: ahead(400), to: ahead(404), guests: [{ name: 'Bench Guest' }] }],
    }),
    201,
  ).catch(() => null);
  if (booking?.bookingNo) open.push(booking.bookingNo);
}

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 330) * 86_400_000).toISOString().slice(0, 10);
const entries: string[] = [];
for (let i = 0; i < ENTRIES; i++) {
  const debit = i % 3 === 2;
  const amount = (10 + ((i * 37) % 5000) + (i % 100) / 100).toFixed(2);
  const names = open.length && !debit && i % 100 === 0 ? `Anzahlung ${open[(i / 100) % open.length]}` : '';
  const text = names || (debit ? `Lastschrift Strom Abschlag ${i}` : `Überweisung Jörg Müller Rechnung ${i}`);
  const party = debit
    ? `<Cdtr><Nm>Stadtwerke Flensburg</Nm></Cdtr>`
    : `<Dbtr><Nm>Jörg Müller ${i}</Nm></Dbtr>`;
  entries.push(
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts>` +
      `<BookgDt><Dt>${day(i)}</Dt></BookgDt><ValDt><Dt>${day(i)}</Dt></ValDt><AcctSvcrRef>BENCH-${i}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><RltdPties>${party}</RltdPties>` +
      `<RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
}
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-12-06T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries.join('\n')}</Stmt>
</BkToCstmrStmt></Document>`;

const post = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/banks/${bank.id}/import/camt053`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/xml' },
    payload: Buffer.from(xml, 'utf8'),
  });
const timed = async () => {
  const start = performance.now();
  const result = await must<TImportResult>(post());
  return { ms: performance.now() - start, result };
};
const first = await timed();
const again = await timed();
const [load] = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ');
const r = first.result;
console.log(
  `${engine}: camt.053 of ${ENTRIES} entries (${(xml.length / 1e6).toFixed(1)} MB): ${(first.ms / 1000).toFixed(2)} s ` +
    `(${r.imported} imported, ${r.assigned} assigned, ${r.suggested} suggested); ` +
    `again ${(again.ms / 1000).toFixed(2)} s (${again.result.duplicates} duplicates, ${again.result.imported} imported); load ${load}`,
);
await t.close();
