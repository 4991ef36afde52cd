import { MESSAGE_TIMEOUT_MS, SUCCESS_MESSAGE_TIMEOUT_MS } from '@atoll/domain/constants';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n.ts';

/**
 * The message bar: errors in the error colour for 6 s, successes green for 3 s (spec booking §8, §9). A message
 * with an `id` stands once however often it is shown, and `hideMessage(id)` takes it away.
 */
const show = (color: 'red' | 'green', message: string, autoClose: number, id?: string) => {
  if (id) notifications.hide(id);
  notifications.show({
    ...(id ? { id } : {}),
    color,
    message,
    autoClose,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('app.close') },
  });
};

export const showError = (text: string, id?: string) => show('red', text, MESSAGE_TIMEOUT_MS, id);
export const showSuccess = (text: string) => show('green', text, SUCCESS_MESSAGE_TIMEOUT_MS);
export const hideMessage = (id: string) => notifications.hide(id);
