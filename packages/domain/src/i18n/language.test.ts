import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['DE-at', 'de'],
    ['fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7', 'en'],
    ['de;q=0.5,en;q=0.8', 'en'],
    ['fr,it', 'de'],
    ['en;q=0,de;q=0.1', 'de'],
    [['it-IT', 'en-GB'], 'en'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});
