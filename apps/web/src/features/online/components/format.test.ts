import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { formatDate, monthTitle } from './format.ts';

// The guest pages write dates from the translations (no Intl.DateTimeFormat on the first screen): they
// must read exactly as Intl writes them in both languages.
const i18n = i18next.createInstance();
await i18n.init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

describe.each(['de', 'en'])('dates in %s', (lang) => {
  const t = i18n.getFixedT(lang);
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
  it('formatDate reads as Intl (day, short month, year)', () => {
    const intl = new Intl.DateTimeFormat(lang, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (const m of months)
      for (const day of ['01', '09', '28'])
        expect(formatDate(t, `2026-${m}-${day}`)).toBe(intl.format(new Date(`2026-${m}-${day}T00:00:00Z`)));
  });
  it('monthTitle reads as Intl (long month, year)', () => {
    const intl = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const m of months)
      expect(monthTitle(t, `2031-${m}`)).toBe(intl.format(new Date(`2031-${m}-01T00:00:00Z`)));
  });
});
