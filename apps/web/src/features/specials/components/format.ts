import type { TDiscountKind, TSpecialType } from '@atoll/domain/pricing/entities';
import type { TFunction } from 'i18next';
import { formatDay } from '../../../components/format.ts';
import { formatNumber, type TLang } from '../../../components/pricing/format.ts';

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
