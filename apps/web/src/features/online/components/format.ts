// Small formatters for the guest pages (no date library in the phone bundle).

import { addDays } from '@atoll/domain/pricing/dates';

/** The translation function the date formatters take (react-i18next's `t`). */
type TTranslate = (key: string, options?: Record<string, unknown>) => string;

// Dates are written from the translations (month names and order as Intl writes them in de and en), not
// with Intl.DateTimeFormat: a page's first DateTimeFormat loads the calendar data, tens of ms of blocked
// main thread on a phone before the guest can pick a day or a departure.

/** "Nov 27, 2026" / "27. Nov. 2026" of a YYYY-MM-DD day. */
export const formatDate = (t: TTranslate, iso: string) =>
  t('online.date', {
    day: Number(iso.slice(8, 10)),
    month: t(`online.monthsShort.${Number(iso.slice(5, 7))}`),
    year: iso.slice(0, 4),
  });

/** "November 2026" of a YYYY-MM month. */
export const monthTitle = (t: TTranslate, month: string) =>
  t('online.monthYear', { month: t(`online.months.${Number(month.slice(5, 7))}`), year: month.slice(0, 4) });

/** Intl number formats, created once per language and currency or kind (creating one is what costs). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export const formatMoney = (amount: string, currency: string, lang: string) => {
  try {
    const key = `${lang}|${currency}`;
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(lang, { style: 'currency', currency });
      moneyFormats.set(key, format);
    }
    return format.format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
};

/** YYYY-MM of today (the guest's own calendar). */
export const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

export const shiftMonth = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The last day of a YYYY-MM month. */
export const monthEnd = (month: string) => addDays(`${shiftMonth(month, 1)}-01`, -1);

/** A percentage of the terms (50, "12.50") as the language writes it: "50", "12,5". */
export const formatPercent = (value: string | number, lang: string) => {
  const key = `${lang}|%`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    moneyFormats.set(key, format);
  }
  return format.format(Number(value));
};
