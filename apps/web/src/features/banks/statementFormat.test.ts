import { describe, expect, it } from 'vitest';
import { statementFormatOf } from './statementFormat.ts';

describe('statementFormatOf', () => {
  it('knows camt.053 by its XML document, with or without a byte order mark', () => {
    const camt =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">';
    expect(statementFormatOf(camt)).toBe('camt053');
    expect(statementFormatOf(`\uFEFF${camt}`)).toBe('camt053');
  });

  it('knows MT940 by its SWIFT fields, also after a header line', () => {
    expect(
      statementFormatOf(':20:STARTUMS\r\n:25:12030000/1234567\r\n:28C:1\r\n:60F:C261201EUR1000,00\r\n'),
    ).toBe('mt940');
    expect(statementFormatOf('{1:F01}\n:20:REF\n:61:2612011201C100,00NTRFNONREF\n')).toBe('mt940');
  });

  it('reads everything else as CSV, even a CSV that mentions a field code or XML in a cell', () => {
    expect(statementFormatOf('Buchungstag;Betrag;Verwendungszweck\n01.12.2026;100,00;B26-00012\n')).toBe(
      'csv',
    );
    expect(statementFormatOf('date,amount,text\n2026-12-01,10.00,":20: <Document>"\n')).toBe('csv');
  });
});
