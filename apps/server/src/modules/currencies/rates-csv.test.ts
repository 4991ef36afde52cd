import { describe, expect, it } from 'vitest';
import { parseRateCsv } from './rates-csv.ts';

const KNOWN = new Set(['EUR', 'USD', 'PHP']);

describe('parseRateCsv', () => {
  it('maps columns by the header, in any order, and upper-cases codes', () => {
    const { rates, errors } = parseRateCsv('validFrom,rate,to,from\n2026-05-01,57.9,php,usd\n', KNOWN);
    expect(errors).toEqual([]);
    expect(rates).toEqual([
      { from: 'USD', to: 'PHP', rate: '57.9', validFrom: '2026-05-01', source: 'import' },
    ]);
  });

  it('counts rows from the header, skipping blank lines', () => {
    const { errors } = parseRateCsv(
      'from,to,rate,validFrom\n\nEUR,USD,1.1,2026-01-01\nEUR,USD,x,2026-01-02\n',
      KNOWN,
    );
    expect(errors).toEqual([{ path: 'rows[4].rate', code: 'invalid_format', message: expect.any(String) }]);
  });

  it('reports at most 100 bad rows', () => {
    const bad = Array.from(
      { length: 150 },
      (_, i) => `EUR,XXX,1,2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    );
    expect(parseRateCsv(bad.join('\n'), KNOWN).errors).toHaveLength(100);
  });
});
