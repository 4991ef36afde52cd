import { LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { pickLanguage } from '@atoll/domain/language';
import { isLoginPath } from '@atoll/domain/navigation/paths';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from '../app/cookies.ts';
import { LANGUAGE_COOKIE } from '../app/language.ts';

type TTree = { [key: string]: string | TTree };

// The public entry carries only the texts of its own features (each feature's i18n/{de,en}.json, the
// same files the back office merges), so a phone downloads no back-office texts.
const featureTexts = import.meta.glob<TTree>(
  '../features/{public,online,widgets,guestforms,forms}/i18n/*.json',
  {
    eager: true,
    import: 'default',
  },
);
const texts = (lang: TLanguage): TTree =>
  Object.entries(featureTexts)
    .filter(([path]) => path.endsWith(`/${lang}.json`))
    .reduce<TTree>((all, [, tree]) => Object.assign(all, tree), {});

/**
 * The language: ?lang=, the language cookie, then the browser, else English; only de and en (spec platform §5).
 * The login chooses as the back office it leads into does: the cookie, then the browser, else German.
 */
function initialLanguage(): TLanguage {
  const saved = readCookie(LANGUAGE_COOKIE);
  if (isLoginPath(location.pathname))
    return (LANGUAGES as readonly string[]).includes(saved ?? '')
      ? (saved as TLanguage)
      : pickLanguage(navigator.languages);
  const wanted = [new URLSearchParams(location.search).get('lang'), saved, ...navigator.languages];
  for (const candidate of wanted) {
    const code = candidate?.toLowerCase().slice(0, 2);
    if (code && (LANGUAGES as readonly string[]).includes(code)) return code as TLanguage;
  }
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources: { de: { translation: texts('de') }, en: { translation: texts('en') } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Texts added later (the light login's operator overrides) re-render what shows them.
  react: { bindI18nStore: 'added' },
});
document.documentElement.lang = i18n.language;

export { i18n };
