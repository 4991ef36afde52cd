import { convert } from '@atoll/domain/money';
import type { Tx } from './client.ts';
import { priceEntries, prices, supplements } from './schema.ts';

// Demo seasons of Coral Garden Resort and MV Atoll Explorer, relative to today so that the next
// twelve months are always priced: three resort cycles (high season with its Christmas and Easter
// peaks, then the low season) and three liveaboard years, the first of each for past bookings.

export type TSeasonRefs = {
  resortId: number;
  vesselId: number;
  /** Room type ids by key (GARDEN, SEAVIEW, BUNGALOW, FAMILY, TWIN, DOUBLE, SUITE). */
  roomTypes: Record<string, number>;
  /** Variant ids by key (DOUBLE, SINGLE, CHILD, BERTH, CHARTER). */
  variants: Record<string, number>;
  liveaboardTermsId: number;
};

/**
 * No German VAT on these prices: the operator sells travel services enjoyed outside the EU (a resort
 * and a liveaboard in the Philippines), which are exempt under §25 (2) UStG; the local VAT is in the
 * contracted rates. The reduced German rate for lodging (7 %) stays on record, disabled, so that an
 * operator with a taxable stay switches it on without retyping it (docs/domain/tax-and-commission.md).
 */
const TAX = { status: 'aborted', value: '7', inclusive: true };

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Easter Sunday of a year (the anonymous Gregorian algorithm). */
export function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return day(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** A yearly rise of 4 %, rounded to whole euros (resort) or tens (liveaboard), as a rate sheet would. */
function raised(value: string, years: number, step: 1 | 10): string {
  let next = value;
  for (let i = 0; i < years; i++) {
    next = step === 1 ? convert(next, '1.04', 0) : `${convert(next, '0.104', 0)}0`;
  }
  return `${next}.00`;
}

/** Double use, single use and a child (≤ 11) per night, per resort room type, by season. */
const RESORT_RATES: Record<'low' | 'high' | 'peak', Record<string, [string, string, string]>> = {
  low: {
    GARDEN: ['78', '66', '18'],
    SEAVIEW: ['112', '95', '22'],
    BUNGALOW: ['135', '115', '22'],
    FAMILY: ['165', '140', '22'],
  },
  high: {
    GARDEN: ['96', '82', '22'],
    SEAVIEW: ['138', '118', '26'],
    BUNGALOW: ['165', '140', '26'],
    FAMILY: ['205', '175', '26'],
  },
  peak: {
    GARDEN: ['118', '100', '26'],
    SEAVIEW: ['168', '142', '30'],
    BUNGALOW: ['198', '168', '30'],
    FAMILY: ['245', '210', '30'],
  },
};

const RESORT_SERVICES = {
  includedServices: {
    de: 'Übernachtung mit Frühstück, Transfer vom Flughafen Cebu am An- und Abreisetag, WLAN.',
    en: 'Room with breakfast, transfer from and to Cebu airport on arrival and departure, Wi-Fi.',
  },
  excludedServices: {
    de: 'Tauchpakete, Meeresschutzgebühren (vor Ort zahlbar), Getränke.',
    en: 'Dive packages, marine sanctuary fees (payable on site), drinks.',
  },
};

type TSeason = {
  name: string;
  internalId: string;
  validFrom: string;
  validTo: string;
  periods?: { from: string; to: string }[];
  rates: keyof typeof RESORT_RATES;
  minNights?: number;
};

/** One resort cycle: high season from November, its Christmas and Easter peaks, the low season after. */
function resortCycle(year: number): TSeason[] {
  const next = year + 1;
  const label = `${year}/${String(next).slice(2)}`;
  const sunday = easter(next);
  const christmas = { from: day(year, 12, 20), to: day(next, 1, 6) };
  const easterWeeks = { from: shift(sunday, -8), to: shift(sunday, 8) };
  return [
    {
      name: `High season ${label}`,
      internalId: `CGR-HS-${label}`,
      validFrom: day(year, 11, 1),
      validTo: day(next, 5, 31),
      rates: 'high',
    },
    {
      // Periods inside one price: a night must lie in one of them, and the short peak beats the season.
      name: `Christmas & Easter ${label}`,
      internalId: `CGR-PK-${label}`,
      validFrom: christmas.from,
      validTo: easterWeeks.to,
      periods: [christmas, easterWeeks],
      rates: 'peak',
      minNights: 5,
    },
    {
      name: `Low season ${next}`,
      internalId: `CGR-LS-${next}`,
      validFrom: day(next, 6, 1),
      validTo: day(next, 10, 31),
      rates: 'low',
    },
  ];
}

async function insertResortSeason(tx: Tx, refs: TSeasonRefs, season: TSeason, years: number) {
  const { DOUBLE, SINGLE, CHILD } = refs.variants as Record<string, number>;
  const [price] = await tx
    .insert(prices)
    .values({
      name: season.name,
      internalId: season.internalId,
      resortId: refs.resortId,
      validFrom: season.validFrom,
      validTo: season.validTo,
      periods: season.periods ?? [],
      status: 'confirmed',
      calculationType: 'unit',
      type: 'Season',
      variants: [DOUBLE ?? 0, SINGLE ?? 0, CHILD ?? 0],
      currencies: ['EUR'],
      tax: TAX,
      commission: '10',
      // The installation's default terms: "Resort standard".
      defaultTermsOfPayment: true,
      isAvailableToOTA: true,
      minNights: season.minNights ?? null,
      ...RESORT_SERVICES,
    })
    .returning();
  if (!price) throw new Error('demo seed: no resort price');
  const rates = RESORT_RATES[season.rates];
  await tx.insert(priceEntries).values(
    Object.entries(rates).flatMap(([key, values]) =>
      [DOUBLE, SINGLE, CHILD].map((variantId, i) => ({
        priceId: price.id,
        roomTypeId: refs.roomTypes[key] ?? 0,
        variantId: variantId ?? 0,
        currency: 'EUR',
        value: raised(values[i] ?? '0', years, 1),
      })),
    ),
  );
  await tx.insert(supplements).values(diveSupplements(price.id, { parkFee: '3.00', nitrox: '10.00' }));
}

/** The park fee is paid on site, in cash, to the park; nitrox is an option the guest picks. */
function diveSupplements(priceId: number, amounts: { parkFee: string; nitrox: string }) {
  return [
    {
      priceId,
      name: 'Marine park fee',
      translations: {
        // Documents and screens add "payable on site" from the customer type.
        de: 'Meeresschutzgebühr pro Tauchtag',
        en: 'Marine park fee per dive day',
      },
      value: amounts.parkFee,
      chargingBase: 'PerDiveDay',
      mandatory: true,
      customerType: 'OnSite',
      sort: 1,
    },
    {
      priceId,
      name: 'Nitrox',
      translations: { de: 'Nitrox pro Tauchtag', en: 'Nitrox per dive day' },
      value: amounts.nitrox,
      chargingBase: 'PerDiveDay',
      mandatory: false,
      sort: 2,
    },
  ];
}

/** Per person per 7-night departure: berth (share basis) and single use of the cabin. */
const VESSEL_RATES: Record<string, { berth: string; single?: string; charter: string }> = {
  TWIN: { berth: '1890', charter: '3700' },
  DOUBLE: { berth: '2190', single: '3290', charter: '4300' },
  SUITE: { berth: '2590', single: '3890', charter: '5100' },
};

const VESSEL_SERVICES = {
  includedServices: {
    de: 'Vollpension an Bord, bis zu vier Tauchgänge täglich, Flaschen und Blei, Transfer vom und zum Hafen.',
    en: 'Full board on board, up to four dives a day, tanks and weights, transfer from and to the port.',
  },
  excludedServices: {
    de: 'Flüge, Meeresschutzgebühren (an Bord zahlbar), Nitrox, Leihausrüstung, Trinkgelder.',
    en: 'Flights, marine park fees (payable on board), nitrox, rental gear, crew tips.',
  },
};

async function insertVesselSeason(tx: Tx, refs: TSeasonRefs, year: number, years: number) {
  const { BERTH, SINGLE } = refs.variants as Record<string, number>;
  const [price] = await tx
    .insert(prices)
    .values({
      name: `Liveaboard season ${year}`,
      internalId: `AEX-${year}`,
      vesselId: refs.vesselId,
      validFrom: day(year, 1, 1),
      validTo: day(year, 12, 31),
      status: 'confirmed',
      calculationType: 'complete',
      type: 'Season',
      variants: [BERTH ?? 0, SINGLE ?? 0],
      currencies: ['EUR'],
      tax: TAX,
      commission: '10',
      termsOfPaymentId: refs.liveaboardTermsId,
      defaultTermsOfPayment: false,
      ...VESSEL_SERVICES,
    })
    .returning();
  if (!price) throw new Error('demo seed: no vessel price');
  const entry = (key: string, variantId: number | undefined, value: string) => ({
    priceId: price.id,
    roomTypeId: refs.roomTypes[key] ?? 0,
    variantId: variantId ?? 0,
    currency: 'EUR',
    value: raised(value, years, 10),
  });
  await tx
    .insert(priceEntries)
    .values(
      Object.entries(VESSEL_RATES).flatMap(([key, rate]) => [
        entry(key, BERTH, rate.berth),
        ...(rate.single ? [entry(key, SINGLE, rate.single)] : []),
      ]),
    );
  await tx.insert(supplements).values([
    ...diveSupplements(price.id, { parkFee: '25.00', nitrox: '12.00' }),
    {
      // The shared twin is sold per berth; who wants it alone pays half a berth more (docs/domain/prices.md).
      priceId: price.id,
      name: 'Single cabin supplement',
      translations: { de: 'Einzelkabinenzuschlag', en: 'Single cabin supplement' },
      value: '50',
      valueType: 'percent',
      chargingBase: 'PerBooking',
      mandatory: true,
      commissionable: true,
      singleUse: true,
      roomTypeIds: [refs.roomTypes.TWIN ?? 0],
      sort: 3,
    },
  ]);
}

/** The whole vessel for one departure: the cabins' charter shares add up to the charter price. */
async function insertFullCharter(tx: Tx, refs: TSeasonRefs, from: number, to: number) {
  const { CHARTER } = refs.variants as Record<string, number>;
  const [price] = await tx
    .insert(prices)
    .values({
      name: `Full charter ${from}–${to}`,
      internalId: `AEX-CHARTER-${from}`,
      vesselId: refs.vesselId,
      validFrom: day(from, 1, 1),
      validTo: day(to, 12, 31),
      status: 'confirmed',
      calculationType: 'complete',
      type: 'FullCharter',
      variants: [CHARTER ?? 0],
      currencies: ['EUR'],
      tax: TAX,
      commission: '10',
      termsOfPaymentId: refs.liveaboardTermsId,
      defaultTermsOfPayment: false,
      ...VESSEL_SERVICES,
    })
    .returning();
  if (!price) throw new Error('demo seed: no charter price');
  await tx.insert(priceEntries).values(
    Object.entries(VESSEL_RATES).map(([key, rate]) => ({
      priceId: price.id,
      roomTypeId: refs.roomTypes[key] ?? 0,
      variantId: CHARTER ?? 0,
      currency: 'EUR',
      value: `${rate.charter}.00`,
    })),
  );
}

/** Confirmed seasons from last year to the year after next; prices rise 4 % a year. */
export async function seedSeasons(tx: Tx, refs: TSeasonRefs, today = new Date()) {
  const year = today.getUTCFullYear();
  for (const [i, cycleYear] of [year - 1, year, year + 1].entries()) {
    for (const season of resortCycle(cycleYear)) await insertResortSeason(tx, refs, season, i);
    await insertVesselSeason(tx, refs, cycleYear, i);
  }
  await insertFullCharter(tx, refs, year, year + 1);
}
