import { describe, expect, it } from 'vitest';
import { countryName } from './geo.ts';

describe('countryName', () => {
  it('names a country in the language, and leaves what is no ISO code as it is', () => {
    expect(countryName('CH', 'de')).toBe('Schweiz');
    expect(countryName('CH', 'en')).toBe('Switzerland');
    expect(countryName('not a code', 'en')).toBe('not a code');
    expect(countryName(null, 'de')).toBe('');
  });
});
