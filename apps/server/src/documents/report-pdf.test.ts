import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROFIT_LOSS_TYPES, type TReportAnswer, type TReportColumn } from '@atoll/domain/reports';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import type { TLetterhead } from './pdf.tsx';
import { reportPdf, tableLayout } from './report-pdf.tsx';

const company: TLetterhead = {
  name: 'Atoll Demo Divers',
  address: { street: 'Hafenstraße 1', zip: '20457', city: 'Hamburg', country: 'DE' },
  bank: {},
  taxIds: {},
  legal: {},
  vatExemption: {},
};

const money = (key: string): TReportColumn => ({ key, kind: 'money' });
/** Profit and loss: the label and ten money columns. */
const WIDE: TReportColumn[] = [
  { key: 'label', kind: 'text' },
  ...[...PROFIT_LOSS_TYPES, 'revenue', 'commission', 'result'].map(money),
];

/** The page size of a PDF's first page in points, as poppler's pdfinfo reads it. */
async function pageSize(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'atoll-report-'));
  try {
    await writeFile(join(dir, 'report.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdfinfo', [join(dir, 'report.pdf')], { encoding: 'utf8' });
    const [, width = '0', height = '0'] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(stdout) ?? [];
    return { width: Number(width), height: Number(height) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('a report PDF', () => {
  it('prints a narrow table portrait at 8 pt, a wide one landscape and smaller, never below 5.5 pt', () => {
    const narrow = tableLayout(WIDE.slice(0, 5), [['Name', 'Bookings', 'Guests', 'Revenue', 'Commission']]);
    expect(narrow).toEqual({ orientation: 'portrait', labelFlex: 2, fontSize: 8 });
    const wide = tableLayout(WIDE, [['Bezeichnung', 'Zimmer', 'Zusatzleistungen', '460.426,00']]);
    expect(wide.orientation).toBe('landscape');
    expect(wide.fontSize).toBeLessThan(8);
    expect(wide.fontSize).toBeGreaterThanOrEqual(5.5);
    // The label column's words wrap, so they do not shrink the type.
    expect(
      tableLayout(WIDE.slice(0, 3), [['A very long label without any space in it', '1', '2']]).fontSize,
    ).toBe(8);
    expect(tableLayout(WIDE, [['x', 'Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']]).fontSize).toBe(5.5);
  });

  it('names every column in its head, apart, with the figures under them (profit and loss, German)', async () => {
    const row = (label: string, n: string) => ({
      label,
      ...Object.fromEntries(WIDE.slice(1).map((c) => [c.key, n])),
    });
    const answer: TReportAnswer = {
      report: 'report/profitLoss',
      from: '2026-01-01',
      to: '2027-01-01',
      groupBy: 'month',
      currency: 'EUR',
      states: ['confirmed'],
      columns: WIDE,
      rows: [row('2026-01', '460426.00')],
      total: row('', '460426.00'),
      unconverted: [],
    };
    const rows = [...answer.rows, { ...answer.total, label: 'Summe' }];
    const texts = { letterhead: company, intro: '', closing: '', blocks: [] };
    const pdf = await reportPdf(answer, rows, texts, 'de', 'Gewinn und Verlust');
    const size = await pageSize(pdf);
    expect(size.width).toBeGreaterThan(size.height);
    const text = await pdfText(pdf);
    expect(text).toMatch(
      /Bezeichnung\s+Zimmer\s+Produkte\s+Zusatzleistungen\s+Kosten\s+Specials\s+Rabatte\s+Stornogebühren\s+Umsatz\s+Provision\s+Ergebnis/,
    );
    expect(text).toMatch(/2026-01(\s+460\.426,00){10}/);
    expect(text).toMatch(/Summe(\s+460\.426,00){10}/);
    expect(text).not.toContain('NaN');
  });
});
