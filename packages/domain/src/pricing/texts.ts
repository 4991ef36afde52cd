import { DEFAULT_LANGUAGE } from '../constants.ts';
import type { TLocalizedText } from '../geo/geo.ts';

// The texts of generated lines and of their explanation steps, in both UI languages. Amounts in
// steps are plain decimals with the currency code: they explain, the screens format the totals.

export type TPricingLanguage = 'de' | 'en';

const pct = (value: string) => `${value} %`;
const signed = (value: string, type: string, currency: string) =>
  type === 'percent' ? pct(value) : `${value} ${currency}`;

const en = {
  date: (day: string) => day,
  nights: (n: number) => (n === 1 ? '1 night' : `${n} nights`),
  room: (roomType: string, variant: string, nights: string) => `${roomType} · ${variant} · ${nights}`,
  tour: (name: string, from: string, to: string) => `${name} · ${from} – ${to}`,
  trip: 'Trip',
  fullCharter: 'Full charter',
  percentSupplement: (name: string, value: string) => `${name} (${pct(value)})`,
  commission: (percent: string) => `Agency commission ${pct(percent)}`,
  deposit: (due: string) => `Deposit due ${due}`,
  rest: (due: string) => `Balance due ${due}`,
  payment: (day: string) => `Payment of ${day}`,
  refund: (day: string) => `Refund of ${day}`,
  directDeposit: (due: string) => `Deposit (guest pays directly) due ${due}`,
  directRest: (due: string) => `Balance (guest pays directly) due ${due}`,
  step: {
    perNight: (count: number, value: string, currency: string, price: string, variant: string) =>
      `${count} × ${value} ${currency} (${price}, ${variant})`,
    whole: (value: string, currency: string, price: string, variant: string) =>
      `${value} ${currency} for the whole stay (${price}, ${variant})`,
    basePrice: 'no entry: the season’s base price',
    childFallback: 'no child entry: the occupancy variant’s',
    surcharge: (v: string, type: string, cur: string) => `price surcharge ${signed(v, type, cur)}`,
    roomTypeSurcharge: (v: string, type: string, cur: string) =>
      `room type surcharge ${signed(v, type, cur)}`,
    discount: (v: string, type: string, cur: string) => `price discount ${signed(v, type, cur)}`,
    floored: 'floored at 0',
    explicit: (currency: string) => `explicit ${currency} entry, no conversion`,
    converted: (from: string, to: string, rate: string) => `× ${rate} (${from} → ${to})`,
    spread: (n: number) => `spread evenly over ${n} nights`,
    charterCabins: (n: number) => `no charter price: sum of ${n} cabins at default occupancy`,
    supplementPercent: (value: string, base: string) => `${pct(value)} of the room price ${base}`,
    quantity: (base: string, amount: string) => `${base}: quantity ${amount}`,
  },
};

const de: typeof en = {
  date: (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`,
  nights: (n: number) => (n === 1 ? '1 Nacht' : `${n} Nächte`),
  room: en.room,
  tour: en.tour,
  trip: 'Tour',
  fullCharter: 'Vollcharter',
  percentSupplement: en.percentSupplement,
  commission: (percent: string) => `Agenturprovision ${pct(percent)}`,
  deposit: (due: string) => `Anzahlung fällig am ${due}`,
  rest: (due: string) => `Restzahlung fällig am ${due}`,
  payment: (day: string) => `Zahlung vom ${day}`,
  refund: (day: string) => `Erstattung vom ${day}`,
  directDeposit: (due: string) => `Anzahlung (zahlt der Gast direkt) fällig am ${due}`,
  directRest: (due: string) => `Restzahlung (zahlt der Gast direkt) fällig am ${due}`,
  step: {
    perNight: (count: number, value: string, currency: string, price: string, variant: string) =>
      `${count} × ${value} ${currency} (${price}, ${variant})`,
    whole: (value: string, currency: string, price: string, variant: string) =>
      `${value} ${currency} für den ganzen Aufenthalt (${price}, ${variant})`,
    basePrice: 'kein Eintrag: Grundpreis der Saison',
    childFallback: 'kein Kindereintrag: der Eintrag der Belegungsvariante',
    surcharge: (v: string, type: string, cur: string) => `Preisaufschlag ${signed(v, type, cur)}`,
    roomTypeSurcharge: (v: string, type: string, cur: string) =>
      `Zimmertyp-Aufschlag ${signed(v, type, cur)}`,
    discount: (v: string, type: string, cur: string) => `Preisnachlass ${signed(v, type, cur)}`,
    floored: 'auf 0 begrenzt',
    explicit: (currency: string) => `eigener Eintrag in ${currency}, keine Umrechnung`,
    converted: (from: string, to: string, rate: string) => `× ${rate} (${from} → ${to})`,
    spread: (n: number) => `gleichmäßig auf ${n} Nächte verteilt`,
    charterCabins: (n: number) => `kein Charterpreis: Summe von ${n} Kabinen bei Standardbelegung`,
    supplementPercent: (value: string, base: string) => `${pct(value)} des Zimmerpreises ${base}`,
    quantity: (base: string, amount: string) => `${base}: Menge ${amount}`,
  },
};

export type TTexts = typeof en;
const TEXTS: Record<TPricingLanguage, TTexts> = { de, en };

export const textsFor = (lang: TPricingLanguage | undefined): TTexts => TEXTS[lang ?? DEFAULT_LANGUAGE];

/** A record's name in the language, else its plain name. */
export const localized = (name: string, translations: TLocalizedText | undefined, lang: TPricingLanguage) =>
  translations?.[lang]?.trim() || name;
