import { MESSAGE_TIMEOUT_MS, SUCCESS_MESSAGE_TIMEOUT_MS } from '@atoll/domain/constants';
import { notifications } from '@mantine/notifications';
import type { ApiError } from './api.ts';
import { i18n } from './i18n.ts';

/** The message bar: errors in the error colour for 6 s, successes green for 3 s (spec booking §8, §9). */
export function showError(text: string) {
  notifications.show({ color: 'red', message: text, autoClose: MESSAGE_TIMEOUT_MS, withBorder: true });
}

export function showSuccess(text: string) {
  notifications.show({
    color: 'green',
    message: text,
    autoClose: SUCCESS_MESSAGE_TIMEOUT_MS,
    withBorder: true,
  });
}

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
