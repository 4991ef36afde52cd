import { formatRate } from '@atoll/domain/money';
import type { TDiscountKind, TSpecialType } from '@atoll/domain/pricing/entities';
import type { TFunction } from 'i18next';

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

/** Kind and value as the list shows them ("10 %", "FOC 1"); a surcharge is marked with "+". */
export function discountLabel(
  special: { type: TSpecialType; discount: TDiscountKind; discountValue: string; reduce: boolean },
  t: TFunction,
  lang: TLang,
): string {
  const value = formatNumber(special.discountValue, lang) || '0';
  if (special.type === 'AgencyCommission') return t('specials.list.commissionValue', { value });
  const text = t(`specials.discountKinds.${special.discount}.short`, { value });
  return special.reduce ? text : `+ ${text}`;
}

/** The booking window: both ends, one end ("from …", "until …") or open. */
export function windowLabel(from: string | null, to: string | null, t: TFunction, lang: TLang): string {
  if (from && to) return `${formatDay(from, lang)} – ${formatDay(to, lang)}`;
  if (from) return t('specials.list.windowFrom', { date: formatDay(from, lang) });
  if (to) return t('specials.list.windowTo', { date: formatDay(to, lang) });
  return t('specials.list.windowOpen');
}

/** Today in the browser's calendar as YYYY-MM-DD (the default booking date of the simulator). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
