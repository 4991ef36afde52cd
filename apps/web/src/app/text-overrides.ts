import { LANGUAGES } from '@atoll/domain/constants';
import type { i18n as TI18n } from 'i18next';
import type { TTree } from '../i18n/merge.ts';
import { api } from './api.ts';

/** 'home.title' → { home: { title } }: the shape of the built-in files, so an override replaces one text. */
function unflatten(flat: Record<string, string>): TTree {
  const tree: TTree = {};
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object') node[part] = {};
      node = node[part] as TTree;
    }
    node[parts[parts.length - 1] as string] = text;
  }
  return tree;
}

/**
 * The operator's overrides of built-in texts (`GET /api/translation/overrides`, /config/translations), laid over
 * both languages of `i18n`: the back office's, and the light login's. Without an answer the built-in texts stay.
 */
export async function applyTranslationOverrides(i18n: TI18n) {
  await Promise.all(
    LANGUAGES.map(async (lang) => {
      const flat = await api<Record<string, string>>('/translation/overrides', {
        query: { lang },
        silent: true,
      }).catch(() => ({}));
      i18n.addResourceBundle(lang, 'translation', unflatten(flat), true, true);
    }),
  );
}
