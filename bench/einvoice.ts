import { type TInvoiceLine, taxBreakdown } from '@atoll/domain/documents';
import type { TInvoiceRow } from '../apps/server/src/modules/documents/documents.repository.ts';
import { toEn16931, xrechnungXml } from '../apps/server/src/modules/documents/einvoice.ts';
import { percentile } from './percentile.ts';

// The XRechnung (CII) of a 50-line invoice, mapping and generation with @e-invoice-eu/core, without the
// database: goal p50 ≤ 50 ms (issue #36). Run: npm run bench:einvoice (BENCH_RUNS, default 200).
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const lines: TInvoiceLine[] = Array.from({ length: 50 }, (_, i) => {
  const amount = String((i % 4) + 1);
  const price = (37.5 + i * 3.17).toFixed(2);
  return {
    text: `Leistung ${i + 1}: Tauchgang mit Führung, Überfahrt und Ausrüstung`,
    amount,
    price,
    total: (Number(amount) * Number(price)).toFixed(2),
    taxRate: i % 5 === 0 ? '0' : i % 2 ? '19' : '7',
    inclusive: true,
  };
});
const totals = taxBreakdown(lines);
const invoice = {
  id: 1,
  bookingId: 1,
  number: 'RE-2026-00042',
  year: 2026,
  seq: 42,
  kind: 'invoice',
  date: '2026-12-06',
  cancelsId: null,
  currency: 'EUR',
  language: 'de',
  recipient: {
    name: 'Meeresblick Reisen GmbH',
    address: { street: 'Große Bleichen 7', zip: '20354', city: 'Hamburg', country: 'DE' },
    vatId: 'DE987654321',
  },
  lines,
  net: totals.net,
  tax: totals.tax,
  gross: totals.gross,
  taxBreakdown: totals.breakdown,
  publicToken: 'x',
  userId: null,
  createdAt: new Date(),
} as TInvoiceRow;
const ctx = {
  company: {
    name: 'Atoll Tauchreisen',
    address: { street: 'Hafenstraße 5', zip: '20457', city: 'Hamburg', country: 'DE' },
    email: 'buero@atoll.example',
    phone: '+49 40 123456',
    bank: { iban: 'DE89370400440532013000' },
    taxIds: { vatId: 'DE123456789' },
    legal: { name: 'Atoll Tauchreisen GmbH' },
    vatExemption: { de: 'Steuerfreie Reiseleistung' },
  },
  payee: { name: 'Atoll Tauchreisen GmbH', iban: 'DE89370400440532013000' },
  bookingNo: 'B-2026-1234',
  period: { from: '2026-11-01', to: '2026-11-14' },
  cancels: null,
  buyerEmail: 'buchhaltung@meeresblick.example',
};

const samples: number[] = [];
let size = 0;
for (let i = 0; i < RUNS + 10; i++) {
  const start = performance.now();
  const xml = await xrechnungXml(toEn16931(invoice, ctx), 'cii');
  const ms = performance.now() - start;
  if (i >= 10) samples.push(ms); // the first runs warm up the generator
  size = xml.length;
}
samples.sort((a, b) => a - b);
const [load] = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ');
console.log(
  `XRechnung CII, 50 lines (${size} chars): p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms over ${RUNS} runs; load ${load}`,
);
