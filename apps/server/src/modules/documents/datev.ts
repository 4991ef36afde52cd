import type { TTaxBreakdownRow } from '@atoll/domain/documents';
import { D } from '@atoll/domain/money';
import type { TAccountingSettings } from '@atoll/domain/settings';

// The DATEV EXTF "Buchungsstapel" (docs/domain/datev-export.md): a header line, the column names, one
// booking line per invoice and tax rate (revenue against receivables) and per payment (bank against
// receivables). Semicolons, decimal comma, text in double quotes, Windows-1252.

export type TChart = 'SKR03' | 'SKR04';

/** Default accounts per chart: receivables (collective debtor), money in, revenue by tax rate. */
export const DATEV_DEFAULTS: Record<
  TChart,
  { receivables: string; bank: string; revenue: Record<string, string>; revenueOther: string }
> = {
  SKR03: {
    receivables: '1400',
    bank: '1200',
    revenue: { '19': '8400', '7': '8300', '0': '8100' },
    revenueOther: '8200',
  },
  SKR04: {
    receivables: '1200',
    bank: '1800',
    revenue: { '19': '4400', '7': '4300', '0': '4100' },
    revenueOther: '4200',
  },
};

export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

export type TDatevInvoice = {
  number: string;
  date: string;
  kind: string;
  currency: string;
  recipient: string;
  taxBreakdown: TTaxBreakdownRow[];
};
export type TDatevPayment = {
  date: string;
  amount: string;
  currency: string;
  bookingNo: string;
  payer: string;
};

export type TDatevLine = {
  amount: string;
  side: 'S' | 'H';
  currency: string;
  account: string;
  contra: string;
  date: string;
  document: string;
  text: string;
};

/** The accounts in use: the chart's defaults with the settings' overrides. */
export function datevAccounts(settings: Partial<TAccountingSettings>) {
  const chart: TChart = settings.datevChart ?? 'SKR03';
  const base = DATEV_DEFAULTS[chart];
  const own = settings.datevAccounts ?? {};
  return {
    chart,
    receivables: own.receivables ?? base.receivables,
    bank: own.bank ?? base.bank,
    revenue: (rate: string) =>
      own.revenue?.[rate] ?? base.revenue[rate] ?? own.revenueOther ?? base.revenueOther,
  };
}

/**
 * The booking lines: an invoice debits receivables and credits revenue of each rate with the gross (the
 * revenue accounts are DATEV's automatic accounts, which take the VAT out themselves); a negative gross (a
 * cancellation invoice) the other way round. A payment debits the bank and credits receivables.
 */
export function datevLines(
  invoices: readonly TDatevInvoice[],
  payments: readonly TDatevPayment[],
  accounts: ReturnType<typeof datevAccounts>,
): TDatevLine[] {
  const lines: TDatevLine[] = [];
  for (const inv of invoices) {
    for (const row of inv.taxBreakdown) {
      const gross = new D(row.gross);
      if (gross.isZero()) continue;
      lines.push({
        amount: gross.abs().toFixed(2),
        side: gross.isNegative() ? 'H' : 'S',
        currency: inv.currency,
        account: accounts.receivables,
        contra: accounts.revenue(new D(row.rate).toFixed()),
        date: inv.date,
        document: inv.number,
        text: inv.recipient,
      });
    }
  }
  for (const p of payments) {
    const amount = new D(p.amount);
    if (amount.isZero()) continue;
    lines.push({
      amount: amount.abs().toFixed(2),
      side: amount.isNegative() ? 'H' : 'S',
      currency: p.currency,
      account: accounts.bank,
      contra: accounts.receivables,
      date: p.date,
      document: p.bookingNo,
      text: p.payer,
    });
  }
  return lines;
}

const quoted = (text: string, max: number) =>
  `"${text
    .replace(/"/g, '""')
    .replace(/[\r\n;]+/g, ' ')
    .slice(0, max)}"`;
const day = (iso: string) => iso.replace(/-/g, '');
/** DATEV's Belegfeld 1 allows letters, digits and $ & % * + - / only, 36 at most. */
const documentField = (text: string) => text.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);

/** The whole file as text (header, column names, lines), CRLF line ends. */
export function datevCsv(opts: {
  lines: readonly TDatevLine[];
  from: string;
  to: string;
  consultant: number;
  client: number;
  chart: TChart;
  exportedBy: string;
  createdAt: Date;
  currency: string;
}): string {
  const stamp = opts.createdAt.toISOString().replace(/\D/g, '').slice(0, 17);
  const header = [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '12',
    stamp,
    '',
    '"RE"',
    quoted(opts.exportedBy, 25),
    '""',
    String(opts.consultant),
    String(opts.client),
    `${opts.from.slice(0, 4)}0101`,
    '4',
    day(opts.from),
    day(opts.to),
    quoted(`Rechnungen ${opts.from} bis ${opts.to}`, 30),
    '""',
    '1',
    '0',
    '0',
    quoted(opts.currency, 3),
    '',
    '""',
    '',
    '',
    quoted(opts.chart.slice(3), 2),
    '',
    '',
    '""',
    '""',
  ];
  const rows = opts.lines.map((l) =>
    [
      l.amount.replace('.', ','),
      quoted(l.side, 1),
      quoted(l.currency, 3),
      '',
      '',
      '""',
      l.account,
      l.contra,
      '""',
      `${l.date.slice(8, 10)}${l.date.slice(5, 7)}`,
      quoted(documentField(l.document), 36),
      '""',
      '',
      quoted(l.text, 60),
    ].join(';'),
  );
  return [header.join(';'), DATEV_COLUMNS.join(';'), ...rows].map((l) => `${l}\r\n`).join('');
}

const CP1252_HIGH: Record<string, number> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'].map((c, i) => [c, 0x80 + i]),
);

/** Windows-1252 bytes, as DATEV reads them; a character it cannot hold becomes "?". */
export function toWindows1252(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (c) => {
      const code = c.codePointAt(0) ?? 63;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      return CP1252_HIGH[c] ?? 63;
    }),
  );
}
