import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvColumns, csvLine, csvValue, readCsvFile, type TCsvFormat } from './csv.ts';
import { AppError } from './errors.ts';

const EN: TCsvFormat = { separator: ',', decimal: '.' };
const DE: TCsvFormat = { separator: ';', decimal: ',' };
const TAB: TCsvFormat = { separator: '\t', decimal: '.' };
const cell = (value: unknown, format = EN) => csvLine([value], format).slice(0, -2);

describe('csvLine: lines', () => {
  it('joins cells with the separator and ends with CRLF', () => {
    expect(csvLine(['a', 'b', 'c'], EN)).toBe('a,b,c\r\n');
    expect(csvLine(['a', 'b', 'c'], DE)).toBe('a;b;c\r\n');
    expect(csvLine(['a', 'b'], TAB)).toBe('a\tb\r\n');
    expect(csvLine([], EN)).toBe('\r\n');
    expect(csvLine([1, 2.5, true, false], EN)).toBe('1,2.5,true,false\r\n');
  });

  it('writes null and undefined as empty cells, keeping their position', () => {
    expect(csvLine([null, 'x', undefined], EN)).toBe(',x,\r\n');
    expect(cell('')).toBe('');
    expect(cell(0)).toBe('0');
  });
});

describe('csvLine: decimal marks', () => {
  it('writes amounts (decimal text and numbers) with the decimal comma in German files', () => {
    expect(csvLine(['1234.50', -0.5, '-12.50', 42, '42', 'B41-00001'], DE)).toBe(
      '1234,50;-0,5;-12,50;42;42;B41-00001\r\n',
    );
    expect(csvLine(['1234.50', -0.5, '-12.50'], EN)).toBe('1234.50,-0.5,-12.50\r\n');
  });

  it('leaves days, times and other text with points alone', () => {
    expect(csvLine(['2041-01-08', '2041-01-08T10:00:00.000Z', 'v1.2.3', '1.234.567'], DE)).toBe(
      '2041-01-08;2041-01-08T10:00:00.000Z;v1.2.3;1.234.567\r\n',
    );
  });

  it('quotes an amount with a decimal comma in a comma-separated file', () => {
    expect(cell('12.50', { separator: ',', decimal: ',' })).toBe('"12,50"');
  });
});

describe('csvLine: quoting (RFC 4180)', () => {
  it('quotes a cell holding the separator, and only then', () => {
    expect(cell('Sommer, Maria')).toBe('"Sommer, Maria"');
    expect(cell('Sommer, Maria', DE)).toBe('Sommer, Maria');
    expect(cell('a;b', DE)).toBe('"a;b"');
    expect(cell('a;b')).toBe('a;b');
    expect(cell('a\tb', TAB)).toBe('"a\tb"');
  });

  it('quotes a cell with a double quote and doubles the quote', () => {
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('"', DE)).toBe('""""');
  });

  it('quotes a cell with a line break of any kind', () => {
    expect(cell('line 1\nline 2', DE)).toBe('"line 1\nline 2"');
    expect(cell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it('leaves plain text, apostrophes and umlauts unquoted', () => {
    expect(cell("O'Brien")).toBe("O'Brien");
    expect(cell('Größe €', DE)).toBe('Größe €');
  });
});

describe('csvLine: values', () => {
  it('writes a list of plain values as one cell, other objects as JSON', () => {
    expect(cell(['a', 'b'], DE)).toBe('a, b');
    expect(cell([1, 2])).toBe('"1, 2"');
    expect(cell([])).toBe('');
    expect(cell({ a: 1 }, DE)).toBe('"{""a"":1}"');
  });

  it('writes a date as ISO text', () => {
    expect(cell(new Date('2024-05-01T10:20:30.000Z'))).toBe('2024-05-01T10:20:30.000Z');
    expect(cell(new Date(Number.NaN))).toBe('');
  });
});

describe('csvLine: formula injection', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(cell(input)).toBe(expected);
  });

  it('defuses and still quotes when the cell needs quoting', () => {
    expect(cell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(cell('=a;b', DE)).toBe('"\'=a;b"');
  });

  it('leaves numbers alone, negative amounts written as text too', () => {
    expect(cell(-5)).toBe('-5');
    expect(cell('-5')).toBe('-5');
    expect(cell('-12.50', DE)).toBe('-12,50');
    expect(cell('1+1=2')).toBe('1+1=2');
  });
});

describe('csvColumns and csvValue', () => {
  const schema = z.object({
    id: z.number(),
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
    address: z.object({ street: z.string(), geo: z.object({ lat: z.number() }).nullable() }).optional(),
    data: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
  });

  it('gives a nested object one column per member, named by its path', () => {
    expect(csvColumns(schema)).toEqual([
      'id',
      'contact.email',
      'contact.phone',
      'address.street',
      'address.geo.lat',
      'data',
      'tags',
    ]);
  });

  it('reads a path, empty where a level is missing', () => {
    const row = { id: 1, contact: { email: 'a@b.de', phone: null }, address: undefined };
    expect(csvValue(row, 'contact.email')).toBe('a@b.de');
    expect(csvValue(row, 'address.street')).toBeNull();
    expect(csvValue(row, 'address.geo.lat')).toBeNull();
  });
});

describe('readCsvFile', () => {
  it('keeps separators, doubled quotes and line breaks inside quotes; tells the separator by the first line', () => {
    expect(readCsvFile('\uFEFFa,"b,c","say ""hi""","line\r\nbreak"\r\nd,e\n')).toEqual({
      records: [
        ['a', 'b,c', 'say "hi"', 'line\r\nbreak'],
        ['d', 'e'],
      ],
      separator: ',',
    });
    expect(readCsvFile('x;;z').records).toEqual([['x', '', 'z']]);
    expect(readCsvFile('x\ty,z').separator).toBe('\t');
  });

  it('refuses a file that is not CSV with a 400', () => {
    expect(() => readCsvFile('a,b\n"open,quote')).toThrow(AppError);
  });
});
