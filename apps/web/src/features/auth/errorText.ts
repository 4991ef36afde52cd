import type { TFunction } from 'i18next';
import i18n from 'i18next';
import { ApiError } from '../../app/api.ts';
import { apiErrorText } from '../../app/api-error-text.ts';

// No app/i18n.ts here: the login also runs in the light public entry (src/public/login.ts).

/** An API failure as a sentence for an inline alert: the translated code, without the status. */
export function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.UNKNOWN');
  const key = `errors.${error.code}`;
  return i18n.exists(key) ? t(key) : apiErrorText(error);
}

export const errorCode = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.code : undefined;
