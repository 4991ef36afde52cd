import { AIRPORT_SEARCH_LIMIT } from '@atoll/domain/geo';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { airports, countries } from '../../db/schema.ts';
import { likeContains } from '../../http/filter.ts';

export type TCountryRow = typeof countries.$inferSelect;

export function createGeoRepository() {
  return {
    async activeCountries(ex: Executor) {
      return ex
        .select({
          code: countries.code,
          name: countries.name,
          translations: countries.translations,
          callingCodes: countries.callingCodes,
          states: countries.states,
        })
        .from(countries)
        .where(eq(countries.isActive, true));
    },

    /** Active airports whose IATA code, name or city contains `search`; the exact IATA code first. */
    async searchAirports(ex: Executor, search: string) {
      const text = search.trim();
      const pattern = likeContains(text);
      return ex
        .select({
          iata: airports.iata,
          icao: airports.icao,
          name: airports.name,
          city: airports.city,
          country: airports.country,
        })
        .from(airports)
        .where(
          and(
            eq(airports.isActive, true),
            text
              ? or(
                  ilike(airports.iata, pattern),
                  ilike(airports.name, pattern),
                  ilike(airports.city, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(sql`${airports.iata} = ${text.toUpperCase()}`), asc(airports.name))
        .limit(AIRPORT_SEARCH_LIMIT);
    },
  };
}
export type TGeoRepository = ReturnType<typeof createGeoRepository>;
