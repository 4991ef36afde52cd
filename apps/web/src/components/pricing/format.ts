import { formatRate } from '@atoll/domain/money';

// How the pricing views (simulator, booking calculation) write days and numbers. Pure, for tests.

export type TLang = 'de' | 'en';
export const langOf = (language: string): TLang => (language === 'en' ? 'en' : 'de');

/**
 * A calendar day of the API: DD.MM.YYYY in German, the ISO date in English (spec platform §9). The tours
 * feature has the same helper, but its module pulls in the API client; this one stays pure for tests.
 */
export function formatDay(iso: string | null | undefined, lang: TLang): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : iso.slice(0, 10);
}

/** A decimal as people read it in the language, without trailing zeros: "10", "12,5". */
export function formatNumber(value: string | null | undefined, lang: TLang): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  try {
    return formatRate(value, lang);
  } catch {
    return value;
  }
}

/** Today in the browser's calendar as YYYY-MM-DD (the default booking date of the simulator, the cancellation date). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
