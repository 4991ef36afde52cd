import { LANGUAGE_COOKIE_DAYS, LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { pickLanguage } from '@atoll/domain/language';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { api } from './api.ts';
import { readCookie, writeCookie } from './cookies.ts';

type TTree = { [key: string]: string | TTree };

/** Shell texts (src/i18n) plus each feature's own `features/<feature>/i18n/{de,en}.json`, merged deeply. */
function merge(target: TTree, source: TTree): TTree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return target;
}
const featureTexts = import.meta.glob<TTree>('../features/*/i18n/*.json', { eager: true, import: 'default' });
const texts = (lang: 'de' | 'en', shell: TTree) =>
  Object.entries(featureTexts)
    .filter(([path]) => path.endsWith(`/${lang}.json`))
    .reduce((all, [, tree]) => merge(all, tree), merge({}, shell));

const LANG_COOKIE = 'lang';

function initialLanguage(): TLanguage {
  const saved = readCookie(LANG_COOKIE)?.toLowerCase();
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as TLanguage;
  return pickLanguage(navigator.languages);
}

void i18n.use(initReactI18next).init({
  resources: { de: { translation: texts('de', de) }, en: { translation: texts('en', en) } },
  lng: initialLanguage(),
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Texts added later (operator overrides, see below) re-render what shows them.
  react: { bindI18nStore: 'added' },
});
document.documentElement.lang = i18n.language;

/** Switches the language and keeps it for 14 days (spec platform §9). */
export function setLanguage(lang: TLanguage) {
  writeCookie(LANG_COOKIE, lang, LANGUAGE_COOKIE_DAYS * 86_400);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export const currentLanguage = () => i18n.language as TLanguage;

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
 * The operator's overrides of built-in texts (`GET /api/translation/overrides`, /config/translations),
 * laid over both languages. Without an answer the built-in texts stay.
 */
export async function applyTranslationOverrides() {
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
export { i18n };
