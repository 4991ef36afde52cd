import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import type { TTranslationKeyInfo } from '@atoll/domain/settings';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import type { TTranslationsRepository } from './translations.repository.ts';

type TTree = { [key: string]: unknown };
export type TBuiltIn = Map<string, Partial<Record<TLanguage, string>>>;

/** The web's sources in this repository: shell texts and each feature's own. */
export const WEB_SRC = fileURLToPath(new URL('../../../../web/src/', import.meta.url));

function flatten(tree: TTree, prefix: string, out: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flatten(value as TTree, path, out);
  }
  return out;
}

/** 'a.b.c' → ['a', 'a.b']. */
const parents = (key: string) =>
  key
    .split('.')
    .slice(0, -1)
    .map((_, i, parts) => parts.slice(0, i + 1).join('.'));

/** Every `i18n/{de,en}.json` of the web app, flattened to dotted keys (as i18next reads them). */
export function readBuiltInTexts(webSrc: string): TBuiltIn {
  const dirs = [join(webSrc, 'i18n')];
  const features = join(webSrc, 'features');
  if (existsSync(features)) {
    for (const name of readdirSync(features).sort()) dirs.push(join(features, name, 'i18n'));
  }
  const texts: TBuiltIn = new Map();
  for (const dir of dirs) {
    for (const lang of LANGUAGES) {
      const file = join(dir, `${lang}.json`);
      if (!existsSync(file)) continue;
      for (const [key, value] of flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map())) {
        texts.set(key, { ...texts.get(key), [lang]: value });
      }
    }
  }
  return texts;
}

/**
 * Operator overrides of UI and document texts. The built-in texts are read once, at start-up, from
 * the web sources; a deployment without them (no repository) lists only the overrides.
 */
export function createTranslationsService(deps: {
  db: Db;
  repository: TTranslationsRepository;
  builtIn: TBuiltIn;
}) {
  const { db, repository, builtIn } = deps;
  const branches = new Set([...builtIn.keys()].flatMap((key) => parents(key)));

  return {
    /**
     * A key may replace a text, not a whole branch of texts ('home' over 'home.title'), nor hang
     * below a text ('home.title.x'): the web could not lay either over its own tree.
     */
    assertOverridable(key: string) {
      if (branches.has(key) || parents(key).some((p) => builtIn.has(p))) {
        throw badRequest(`"${key}" is not a text but a group of texts or below one`, 'key');
      }
    },

    /** Every key, built-in or overridden, sorted, with both languages' texts. */
    async keys(): Promise<TTranslationKeyInfo[]> {
      const rows = await repository.all(db);
      const infos = new Map<string, TTranslationKeyInfo>();
      const info = (key: string) => {
        let found = infos.get(key);
        if (!found) {
          const texts = builtIn.get(key);
          found = {
            key,
            builtIn: { de: texts?.de ?? null, en: texts?.en ?? null },
            overrides: { de: null, en: null },
          };
          infos.set(key, found);
        }
        return found;
      };
      for (const key of builtIn.keys()) info(key);
      for (const row of rows) {
        if (row.lang === 'de' || row.lang === 'en') {
          info(row.key).overrides[row.lang] = { id: row.id, value: row.value };
        }
      }
      return [...infos.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    /** key → text of one language, for the web to lay over its own texts at start. */
    async overrides(lang: TLanguage): Promise<Record<string, string>> {
      const rows = await repository.ofLanguage(db, lang);
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },
  };
}
export type TTranslationsService = ReturnType<typeof createTranslationsService>;
