import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { translations } from '../../db/schema.ts';

export function createTranslationsRepository() {
  return {
    /** Every override, both languages. */
    all(ex: Executor) {
      return ex.select().from(translations);
    },

    /** One language's overrides, by key. */
    ofLanguage(ex: Executor, lang: string) {
      return ex
        .select({ key: translations.key, value: translations.value })
        .from(translations)
        .where(eq(translations.lang, lang))
        .orderBy(asc(translations.key));
    },
  };
}
export type TTranslationsRepository = ReturnType<typeof createTranslationsRepository>;
