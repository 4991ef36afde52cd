import { ApiError } from '../app/api.ts';
import { i18n } from '../app/i18n.ts';

export type TFieldErrors = Record<string, string>;

// `body/settings/defaultDashboardDays` → `settings.defaultDashboardDays`; `body/permissions/scope/3` →
// `permissions.scope`: list positions point at the whole field.
const normalise = (path: string) =>
  path
    .replace(/^body[/.]?/, '')
    .split(/[/.]/)
    .filter((part) => part !== '' && !/^\d+$/.test(part));

const message = (code: string, fallback: string) => {
  const key = `form.invalid.${code}`;
  return i18n.exists(key) ? i18n.t(key) : fallback;
};

/**
 * The server's validation details on the form fields they name (`fields`: the form's field paths).
 * A detail whose path names no field is returned under `''`, so the form can still show it.
 */
export function fieldErrorsOf(
  error: unknown,
  fields: readonly string[],
  /** The unique field a CONFLICT answer is about (user: e-mail, role: name). */
  unique?: { field: string; message: string },
): TFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: TFieldErrors = {};
  const put = (field: string, text: string) => {
    errors[field] = errors[field] ? `${errors[field]} ${text}` : text;
  };
  let details = error.details ?? [];
  if (error.code === 'PASSWORD_TOO_SHORT' && fields.includes('password')) {
    // The detail's message carries the installation's minimum length (not on every route).
    const min = details.find((d) => d.path === 'password')?.message;
    put(
      'password',
      min && /^\d+$/.test(min)
        ? i18n.t('users.form.passwordMin', { min })
        : i18n.t('errors.PASSWORD_TOO_SHORT'),
    );
    details = details.filter((d) => d.path !== 'password');
  }
  if (error.code === 'CONFLICT' && unique) put(unique.field, unique.message);
  for (const detail of details) {
    const parts = normalise(detail.path);
    let field = '';
    for (let n = parts.length; n > 0 && !field; n--) {
      const candidate = parts.slice(0, n).join('.');
      if (fields.includes(candidate)) field = candidate;
    }
    put(field, message(detail.code, detail.message));
  }
  return errors;
}

/** Once React has drawn the errors: focus the first field marked invalid, so it is in view and read out. */
export function focusFirstError(form: HTMLElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
