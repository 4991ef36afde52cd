import type { TLanguage } from '@atoll/domain/constants';
import { countryName } from '@atoll/domain/geo';

/** The texts every document shares; a document's own texts live beside its template. */
export const DOCUMENT_TEXTS = {
  de: {
    page: 'Seite {page} von {pages}',
    printedAt: 'Erstellt am {date}',
    phone: 'Telefon',
    email: 'E-Mail',
    website: 'Web',
    bank: 'Bank',
    iban: 'IBAN',
    bic: 'BIC',
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    registry: 'Register',
    directors: 'Geschäftsführung',
  },
  en: {
    page: 'Page {page} of {pages}',
    printedAt: 'Created on {date}',
    phone: 'Phone',
    email: 'E-mail',
    website: 'Web',
    bank: 'Bank',
    iban: 'IBAN',
    bic: 'BIC',
    vatId: 'VAT ID',
    taxNumber: 'Tax number',
    registry: 'Registry',
    directors: 'Managing directors',
  },
} as const satisfies Record<TLanguage, Record<string, string>>;

export type TDocumentTexts = (typeof DOCUMENT_TEXTS)[TLanguage];

/** Replaces `{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));

/** DD.MM.YYYY in German, YYYY-MM-DD in English (spec platform §9 date formats); '' for no date. */
export function formatDocumentDate(value: string | Date | null | undefined, lang: TLanguage): string {
  if (!value) return '';
  const iso = typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : iso;
}

/**
 * The country line of a recipient's address, as on a letter (DIN 5008): the country's name in capitals in the
 * document's language, none when the recipient lives in the sender's country.
 */
export function countryLine(country: string | undefined, home: string | undefined, lang: TLanguage): string {
  if (!country || country === home) return '';
  return countryName(country, lang).toLocaleUpperCase(lang);
}
