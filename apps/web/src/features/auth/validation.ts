import { PASSWORD_SCREEN_MIN_LENGTH } from '@atoll/domain/constants';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../app/api.ts';

/** Field → translated message; a field without an entry is valid. */
export type TFieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** E-mail rules of spec platform §5: required ('E-Mail is required') and valid ('E-mail must be valid'). */
export function emailError(value: string, t: TFunction): string | undefined {
  if (value.trim() === '') return t('validation.emailRequired');
  if (!isEmail(value)) return t('validation.emailInvalid');
  return undefined;
}

/** The password screen's own rule: required and longer than PASSWORD_SCREEN_MIN_LENGTH characters. */
export function resetPasswordError(value: string, t: TFunction): string | undefined {
  if (value.length <= PASSWORD_SCREEN_MIN_LENGTH)
    return t('validation.passwordLonger', { minLength: PASSWORD_SCREEN_MIN_LENGTH });
  return undefined;
}

export function repeatError(password: string, repeat: string, t: TFunction): string | undefined {
  return password === repeat ? undefined : t('validation.passwordsMatch');
}

export function requiredError(value: string, t: TFunction): string | undefined {
  return value.trim() === '' ? t('validation.required') : undefined;
}

/** Drops the valid fields, so `Object.keys(errors).length` says whether the form may be sent. */
export function compact<K extends string>(errors: Record<K, string | undefined>): TFieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as TFieldErrors<K>;
}

/** The server's PASSWORD_TOO_SHORT names its minimum in the first detail. */
export function passwordTooShortText(error: ApiError, t: TFunction): string {
  const min = Number(error.details?.[0]?.message);
  return Number.isInteger(min) && min > 0
    ? t('validation.passwordMinServer', { min })
    : t('errors.PASSWORD_TOO_SHORT');
}
