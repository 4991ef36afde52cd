import { describe, expect, it } from 'vitest';
import {
  duplicateKey,
  parseStatementAmount,
  parseStatementDate,
  readStatementRow,
  resolveColumns,
  ZCsvMapping,
} from './statement.ts';

describe('statement cells', () => {
  it('reads days in the mapped format and refuses impossible ones', () => {
    expect(parseStatementDate('05.03.2026', 'DD.MM.YYYY')).toBe('2026-03-05');
    expect(parseStatementDate('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(parseStatementDate('03/05/2026', 'MM/DD/YYYY')).toBe('2026-03-05');
    expect(parseStatementDate('05.03.26', 'DD.MM.YY')).toBe('2026-03-05');
    expect(parseStatementDate('31.02.2026', 'DD.MM.YYYY')).toBeNull();
    expect(parseStatementDate('2026-03-05', 'DD.MM.YYYY')).toBeNull();
  });

  it('reads amounts with a decimal comma or point, thousands and signs', () => {
    expect(parseStatementAmount('1.234,56', ',')).toBe('1234.56');
    expect(parseStatementAmount('-1.260,00', ',')).toBe('-1260.00');
    expect(parseStatementAmount('1260,5', ',')).toBe('1260.50');
    expect(parseStatementAmount('45,00-', ',')).toBe('-45.00');
    expect(parseStatementAmount('1,234.56', '.')).toBe('1234.56');
    expect(parseStatementAmount('+99.9', '.')).toBe('99.90');
    expect(parseStatementAmount('12,345', ',')).toBeNull();
    expect(parseStatementAmount('abc', '.')).toBeNull();
  });
});

describe('rows', () => {
  const mapping = ZCsvMapping.parse({
    columns: { date: 'Buchungstag', amount: 'Betrag', reference: 'Verwendungszweck', counterparty: 2 },
  });

  it('resolves named columns in the header and reports missing ones', () => {
    expect(resolveColumns(mapping, ['buchungstag', 'Betrag', 'Name', 'Verwendungszweck'])).toEqual({
      indexes: { date: 0, amount: 1, counterparty: 2, reference: 3 },
    });
    expect(resolveColumns(mapping, ['Datum', 'Betrag'])).toEqual({
      missing: ['Buchungstag', 'Verwendungszweck'],
    });
  });

  it('reads a row into an entry in the bank currency, or says why not', () => {
    const indexes = { date: 0, amount: 1, counterparty: 2, reference: 3 };
    expect(
      readStatementRow(['05.03.2026', '1.260,00', 'Maria Sommer', 'B26-00012'], indexes, mapping, 'EUR'),
    ).toEqual({
      entry: {
        date: '2026-03-05',
        amount: '1260.00',
        currency: 'EUR',
        counterparty: 'Maria Sommer',
        reference: 'B26-00012',
        externalId: null,
      },
    });
    expect(readStatementRow(['5.3.', '1,00', '', ''], indexes, mapping, 'EUR')).toHaveProperty('error');
    expect(readStatementRow(['05.03.2026', '0,00', '', ''], indexes, mapping, 'EUR')).toEqual({
      error: 'amount is 0',
    });
  });

  it('keys duplicates by date, amount and reference', () => {
    expect(duplicateKey({ date: '2026-03-05', amount: '1260', reference: ' x ' })).toBe(
      duplicateKey({ date: '2026-03-05', amount: '1260.00', reference: 'x' }),
    );
  });
});

describe('debit and credit columns, lines around the entries (Deutsche Bank)', () => {
  const mapping = ZCsvMapping.parse({
    skipLines: 4,
    footerLines: 1,
    columns: { date: 'Buchungstag', debit: 'Soll', credit: 'Haben', reference: 'Verwendungszweck' },
  });
  const indexes = { date: 0, debit: 1, credit: 2, reference: 3 };

  it('books a credit as money in and a debit as money out, with or without its minus', () => {
    const read = (debit: string, credit: string) =>
      readStatementRow(['02.01.2041', debit, credit, 'x'], indexes, mapping, 'EUR');
    expect(read('', '1.234,56')).toMatchObject({ entry: { amount: '1234.56' } });
    expect(read('-45,00', '')).toMatchObject({ entry: { amount: '-45.00' } });
    expect(read('45,00', '0,00')).toMatchObject({ entry: { amount: '-45.00' } });
    expect(read('12,00', '13,00')).toEqual({ error: 'debit and credit both hold an amount' });
    expect(read('', '')).toEqual({ error: 'debit and credit are empty' });
    expect(read('', 'zwölf')).toEqual({ error: 'credit "zwölf" is not an amount' });
  });

  it('refuses a mapping with neither an amount nor both debit and credit, or with both kinds', () => {
    const issues = (columns: Record<string, unknown>) =>
      ZCsvMapping.safeParse({ columns: Object.assign({ date: 0 }, columns) }).error?.issues.map((i) =>
        i.path.join('/'),
      );
    expect(issues({ debit: 1 })).toEqual(['columns/credit']);
    expect(issues({})).toEqual(['columns/amount']);
    expect(issues({ amount: 1, credit: 2 })).toEqual(['columns/amount']);
    expect(issues({ debit: 1, credit: 2 })).toBeUndefined();
    expect(ZCsvMapping.safeParse({ skipLines: -1, columns: { date: 0, amount: 1 } }).success).toBe(false);
  });
});
