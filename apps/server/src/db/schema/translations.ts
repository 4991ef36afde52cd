import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** Operator overrides of UI and document texts per language (`/api/translation`). */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('translations_key_lang_unique').on(t.key, t.lang)],
);
