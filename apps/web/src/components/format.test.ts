import { describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';

describe('formatDay', () => {
  it('writes a day as the language does: DD.MM.YYYY in German, ISO in English', () => {
    expect(formatDay('2026-12-06', 'de')).toBe('06.12.2026');
    expect(formatDay('2026-12-06', 'en')).toBe('2026-12-06');
  });

  it('takes the day of a timestamp and writes nothing for none', () => {
    expect(formatDay('2026-12-06T23:10:00.000Z', 'de')).toBe('06.12.2026');
    expect(formatDay('2026-12-06T23:10:00.000Z', 'en')).toBe('2026-12-06');
    expect(formatDay(null, 'en')).toBe('');
    expect(formatDay(undefined, 'de')).toBe('');
  });
});
