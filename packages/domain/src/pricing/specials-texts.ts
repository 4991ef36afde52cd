import type { TPricingLanguage } from './texts.ts';

// How a special line's amount came about (customData.steps), in both UI languages. Amounts are plain
// decimals in the booking currency: they explain, the screens format the totals.

const en = {
  percent: (v: string, base: string) => `${v} % of ${base}`,
  absolute: (v: string, units: number) => `${units} × ${v}`,
  absoluteNights: (v: string, nights: number, units: number) =>
    `${v} × ${nights} ${nights === 1 ? 'night' : 'nights'} × ${units}`,
  foc: (k: number, dates: string) => `${k} free ${k === 1 ? 'night' : 'nights'} (${dates})`,
  focUnit: (k: number, units: number, v: string) => `${k} of ${units} free (1 per ${v} paying)`,
  lowest: (price: string, pct: string) => `cheapest unit ${price} × ${pct} %`,
  fixUnit: (v: string, units: number) => `${units} × fixed price ${v}`,
  fix: (v: string, base: string) => `package price ${v} instead of ${base}`,
  capped: (cap: string) => `capped at ${cap}`,
  replaced: (name: string) => `price set by special “${name}”`,
};

const de: typeof en = {
  percent: (v: string, base: string) => `${v} % von ${base}`,
  absolute: en.absolute,
  absoluteNights: (v: string, nights: number, units: number) =>
    `${v} × ${nights} ${nights === 1 ? 'Nacht' : 'Nächte'} × ${units}`,
  foc: (k: number, dates: string) => `${k} ${k === 1 ? 'Freinacht' : 'Freinächte'} (${dates})`,
  focUnit: (k: number, units: number, v: string) => `${k} von ${units} frei (1 je ${v} Zahlende)`,
  lowest: (price: string, pct: string) => `günstigste Einheit ${price} × ${pct} %`,
  fixUnit: (v: string, units: number) => `${units} × Festpreis ${v}`,
  fix: (v: string, base: string) => `Paketpreis ${v} statt ${base}`,
  capped: (cap: string) => `begrenzt auf ${cap}`,
  replaced: (name: string) => `Preis gesetzt durch Angebot „${name}“`,
};

export type TSpecialTexts = typeof en;
const TEXTS: Record<TPricingLanguage, TSpecialTexts> = { de, en };

export const specialTextsFor = (lang: TPricingLanguage): TSpecialTexts => TEXTS[lang];
