import {
  type TCreateCustomerDataGroup,
  type TCustomerDataFieldType,
  type TCustomerDataGroup,
  ZCreateCustomerDataGroup,
} from '@atoll/domain/customer-data';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../app/api.ts';

export type TTexts = { de: string; en: string };
export type TOptionDraft = { uid: string; value: string; label: TTexts };
export type TFieldDraft = {
  /** React key: stays with the field while it is reordered or its key is edited. */
  uid: string;
  key: string;
  type: TCustomerDataFieldType;
  label: TTexts;
  options: TOptionDraft[];
  required: boolean;
  /** Stored in the group already (not just added): only such a field can be moved. */
  saved: boolean;
};
export type TGroupDraft = { name: string; label: TTexts; sort: number; fields: TFieldDraft[] };
/** Messages by path: `name`, `label.de`, `fields.2.key`, `fields.2.options.0.value` … */
export type TDraftErrors = Record<string, string>;

let counter = 0;
const uid = () => `d${++counter}`;

const texts = (value?: Partial<TTexts>): TTexts => ({ de: value?.de ?? '', en: value?.en ?? '' });

export const newOption = (): TOptionDraft => ({ uid: uid(), value: '', label: texts() });

export const newField = (): TFieldDraft => ({
  uid: uid(),
  key: '',
  type: 'text',
  label: texts(),
  options: [],
  required: false,
  saved: false,
});

export function draftOf(group?: TCustomerDataGroup): TGroupDraft {
  return {
    name: group?.name ?? '',
    label: texts(group?.label),
    sort: group?.sort ?? 0,
    fields: (group?.fields ?? []).map((f) => ({
      uid: uid(),
      key: f.key,
      type: f.type,
      label: texts(f.label),
      options: (f.options ?? []).map((o) => ({ uid: uid(), value: o.value, label: texts(o.label) })),
      required: f.required === true,
      saved: true,
    })),
  };
}

/** The request body; options only on select fields. */
export function bodyOf(draft: TGroupDraft) {
  return {
    name: draft.name,
    label: draft.label,
    sort: draft.sort,
    fields: draft.fields.map((f) => ({
      key: f.key.trim(),
      type: f.type,
      label: f.label,
      ...(f.type === 'select' ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
      ...(f.required ? { required: true } : {}),
    })),
  };
}

function message(t: TFunction, code: string, text: string) {
  // Our own refinements answer a code as their message (`duplicate`, `options_missing` …).
  if (code === 'custom')
    return t(`customerDataGroups.errors.${text}`, { defaultValue: t('form.invalid.invalid') });
  return t(`form.invalid.${code}`, { defaultValue: t('form.invalid.invalid') });
}

/** Checks the draft with the API's own schema; the body when it is valid, else the errors by path. */
export function validateDraft(
  draft: TGroupDraft,
  t: TFunction,
): { body: TCreateCustomerDataGroup; errors?: undefined } | { body?: undefined; errors: TDraftErrors } {
  const result = ZCreateCustomerDataGroup.safeParse(bodyOf(draft));
  if (result.success) return { body: result.data };
  const errors: TDraftErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= message(t, issue.code, issue.message);
  }
  return { errors };
}

/** A 400 answer's details on the draft's paths (`body/fields/2/key` → `fields.2.key`); others under ''. */
export function serverErrors(error: unknown, t: TFunction): TDraftErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: TDraftErrors = {};
  for (const detail of error.details ?? []) {
    const path = detail.path.replace(/^body[/.]?/, '').replaceAll('/', '.');
    errors[path] ??= message(t, detail.code, detail.message);
  }
  return Object.keys(errors).length > 0
    ? errors
    : { '': t(`errors.${error.code}`, { defaultValue: error.code }) };
}

/** Errors of one field, with paths relative to it (`fields.2.label.de` → `label.de`). */
export function fieldErrors(errors: TDraftErrors, index: number): TDraftErrors {
  const prefix = `fields.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, text]) => [path.slice(prefix.length), text]),
  );
}
