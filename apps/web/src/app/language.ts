import { LANGUAGE_COOKIE_DAYS, type TLanguage } from '@atoll/domain/constants';
import i18n from 'i18next';
import { writeCookie } from './cookies.ts';

/** The cookie that keeps the chosen language (spec platform §9); both entries read it first. */
export const LANGUAGE_COOKIE = 'lang';

// The language switch of both entries. The back office fetches a language's texts as a chunk before showing it
// (app/i18n.ts registers that loader); the light public entry carries both languages and needs none.
let loadTexts: (lang: TLanguage) => Promise<void> = () => Promise.resolve();

/** How this entry gets a language's texts before it is shown. */
export function setTextsLoader(loader: (lang: TLanguage) => Promise<void>) {
  loadTexts = loader;
}

/** Switches the language once its texts are there, and keeps it for 14 days (spec platform §9). */
export async function setLanguage(lang: TLanguage) {
  writeCookie(LANGUAGE_COOKIE, lang, LANGUAGE_COOKIE_DAYS * 86_400);
  await loadTexts(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}
