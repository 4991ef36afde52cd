import { describe, expect, it } from 'vitest';
import { toCsvLine } from './csv.ts';

const cell = (value: unknown) => toCsvLine([value]).slice(0, -2);

describe('toCsvLine: lines', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(toCsvLine(['a', 'b', 'c'])).toBe('a,b,c\r\n');
    expect(toCsvLine([])).toBe('\r\n');
    expect(toCsvLine([1, 2.5, true, false])).toBe('1,2.5,true,false\r\n');
  });

  it('writes null and undefined as empty cells, keeping their position', () => {
    expect(toCsvLine([null, 'x', undefined])).toBe(',x,\r\n');
    expect(toCsvLine([undefined])).toBe('\r\n');
    expect(cell('')).toBe('');
    expect(cell(0)).toBe('0');
  });
});

describe('toCsvLine: quoting (RFC 4180)', () => {
  it('quotes a cell with a comma', () => {
    expect(cell('Sommer, Maria')).toBe('"Sommer, Maria"');
    expect(toCsvLine(['a,b', 'c'])).toBe('"a,b",c\r\n');
  });

  it('quotes a cell with a double quote and doubles the quote', () => {
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('"')).toBe('""""');
  });

  it('quotes a cell with a line break of any kind', () => {
    expect(cell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(cell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(cell('a\rb')).toBe('"a\rb"');
  });

  it('leaves plain text, semicolons, tabs inside and apostrophes unquoted', () => {
    expect(cell('plain text')).toBe('plain text');
    expect(cell('a;b')).toBe('a;b');
    expect(cell('a\tb')).toBe('a\tb');
    expect(cell("O'Brien")).toBe("O'Brien");
    expect(cell('ümlaut €')).toBe('ümlaut €');
  });
});

describe('toCsvLine: nested values', () => {
  it('writes objects and arrays as JSON, quoted as needed', () => {
    expect(cell({ scope: ['a', 'b'] })).toBe('"{""scope"":[""a"",""b""]}"');
    expect(cell([1, 2])).toBe('"[1,2]"');
    expect(cell([])).toBe('[]');
    expect(cell({})).toBe('{}');
    expect(JSON.parse(cell({ a: 'x,y' }).slice(1, -1).replace(/""/g, '"'))).toEqual({ a: 'x,y' });
  });

  it('writes a date as ISO text, not as a quoted JSON string', () => {
    expect(cell(new Date('2024-05-01T10:20:30.000Z'))).toBe('2024-05-01T10:20:30.000Z');
    expect(cell(new Date(Number.NaN))).toBe('');
  });

  it('does not defuse JSON of objects whose text starts with a formula character', () => {
    expect(cell({ f: '=1+1' })).toBe('"{""f"":""=1+1""}"');
  });
});

describe('toCsvLine: formula injection', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(cell(input)).toBe(expected);
  });

  it('defuses and still quotes when the cell needs quoting', () => {
    expect(cell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(cell('\rcmd')).toBe('"\'\rcmd"');
    expect(cell('=a,b')).toBe('"\'=a,b"');
  });

  it('leaves numbers alone, also negative ones, and text with a formula character later on', () => {
    expect(cell(-5)).toBe('-5');
    expect(cell(-0.5)).toBe('-0.5');
    expect(cell('1+1=2')).toBe('1+1=2');
    expect(cell('a@example.com')).toBe('a@example.com');
  });
});
