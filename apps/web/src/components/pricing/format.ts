import { formatRate } from '@atoll/domain/money';

// How the pricing views (simulator, booking calculation) write days and numbers. Pure, for tests.

export type TLang = 'de' | 'en';
export const langOf = (language: string): TLang => (language === 'en' ? 'en' : 'de');

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
