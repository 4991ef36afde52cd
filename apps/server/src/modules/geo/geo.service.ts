import type { TLanguage } from '@atoll/domain/constants';
import type { TCountryOption, TLocalizedText, TState } from '@atoll/domain/geo';
import type { Db } from '../../db/client.ts';
import type { TGeoRepository } from './geo.repository.ts';

/** Reference lookups for pickers; the geography resources themselves are generic (geo.routes.ts). */
export function createGeoService(deps: { db: Db; repository: TGeoRepository }) {
  const { db, repository } = deps;
  return {
    /** Active countries named in `lang`, in that language's alphabetical order. */
    async countryOptions(lang: TLanguage): Promise<TCountryOption[]> {
      const rows = await repository.activeCountries(db);
      const collator = new Intl.Collator(lang);
      return rows
        .map((c) => ({
          code: c.code,
          name: (c.translations as TLocalizedText)[lang] || c.name,
          callingCodes: c.callingCodes,
          states: c.states as TState[],
        }))
        .sort((a, b) => collator.compare(a.name, b.name));
    },

    async searchAirports(search: string) {
      return repository.searchAirports(db, search);
    },
  };
}
export type TGeoService = ReturnType<typeof createGeoService>;
