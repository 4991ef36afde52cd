import i18n from 'i18next';
import type { ApiError } from './api.ts';

/** Status code plus the translated `errors.<key>`, or the server's description when there is no key. */
export function apiErrorText(error: ApiError): string {
  const key = `errors.${error.description}`;
  const text = i18n.exists(key)
    ? i18n.t(key)
    : i18n.exists(`errors.${error.code}`)
      ? i18n.t(`errors.${error.code}`)
      : error.description;
  return error.status ? `${error.status}: ${text}` : text;
}
