import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { pickLanguage } from '@atoll/domain/language';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TTree } from '../i18n/merge.ts';
import { readCookie } from './cookies.ts';
import { LANGUAGE_COOKIE, setTextsLoader } from './language.ts';

// Each language's texts are one chunk (src/i18n/texts-<lang>.ts), fetched when that language is first shown:
// the first screen (e.g. /login) loads only the language it shows.
const TEXTS: Record<TLanguage, () => Promise<{ default: TTree }>> = {
  de: () => import('../i18n/texts-de.ts'),
  en: () => import('../i18n/texts-en.ts'),
};
const loaded = new Map<TLanguage, Promise<void>>();

/** Loads a language's built-in texts once; texts already there (the operator's overrides) stay. */
export function loadLanguage(lang: TLanguage): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = TEXTS[lang]().then(({ default: tree }) => {
      i18n.addResourceBundle(lang, 'translation', tree, true, false);
    });
    loaded.set(lang, done);
  }
  return done;
}

function initialLanguage(): TLanguage {
  const saved = readCookie(LANGUAGE_COOKIE)?.toLowerCase();
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as TLanguage;
  return pickLanguage(navigator.languages);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage(),
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Texts added later (operator overrides, see below) re-render what shows them.
  react: { bindI18nStore: 'added' },
});
document.documentElement.lang = i18n.language;
// A page that switches the language itself (a guest form's preview) gets its texts too; they render when added.
i18n.on('languageChanged', (lng) => {
  if ((LANGUAGES as readonly string[]).includes(lng)) void loadLanguage(lng as TLanguage);
});

setTextsLoader(loadLanguage);

export const currentLanguage = () => i18n.language as TLanguage;

export { i18n };
