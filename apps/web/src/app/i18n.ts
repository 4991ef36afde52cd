import { LANGUAGE_COOKIE_DAYS, LANGUAGES, type TLanguage } from '@atoll/domain/constants';
import { pickLanguage } from '@atoll/domain/language';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import { readCookie, writeCookie } from './cookies.ts';

const LANG_COOKIE = 'lang';

function initialLanguage(): TLanguage {
  const saved = readCookie(LANG_COOKIE)?.toLowerCase();
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as TLanguage;
  return pickLanguage(navigator.languages);
}

void i18n.use(initReactI18next).init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'de',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;

/** Switches the language and keeps it for 14 days (spec platform §9). */
export function setLanguage(lang: TLanguage) {
  writeCookie(LANG_COOKIE, lang, LANGUAGE_COOKIE_DAYS * 86_400);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export const currentLanguage = () => i18n.language as TLanguage;
export { i18n };
