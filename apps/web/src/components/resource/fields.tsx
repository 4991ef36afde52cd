import { LANGUAGES } from '@atoll/domain/constants';
import {
  ColorInput,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a custom field gets: its value, a setter, its label and error. */
export type TFieldProps = {
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
  error?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** The whole form as it is now: a custom field that depends on another (a booking of the chosen customer). */
  values?: Record<string, unknown>;
};

/**
 * One field of a generic resource form, stored under `key` of the record and the request body.
 * - text, textarea: a string; empty becomes null unless required
 * - number: a whole or decimal JSON number; decimal: a decimal string (money, percent: exact)
 * - switch: a boolean; select: one of `options` (`numeric`: the value is an id number)
 * - color: a CSS colour; tags: a list of strings; translations: `{ de, en }` texts
 * - custom: `render` draws it (country, currency and other pickers)
 */
export type TResourceField = {
  key: string;
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'decimal'
    | 'switch'
    | 'select'
    | 'color'
    | 'tags'
    | 'translations'
    | 'custom';
  /** Default `resources.<resource>.fields.<key>`. */
  label?: string;
  description?: string;
  required?: boolean;
  /** Value of a new record (else '', false, [] or {} by kind). */
  initial?: unknown;
  options?: { value: string; label: string }[];
  numeric?: boolean;
  min?: number;
  max?: number;
  /** Fills the whole row of the two-column form. */
  wide?: boolean;
  render?: (props: TFieldProps) => ReactNode;
};

export const emptyValue = (field: TResourceField): unknown => {
  if (field.initial !== undefined) return field.initial;
  switch (field.kind) {
    case 'switch':
      return false;
    case 'tags':
      return [];
    case 'translations':
      return {};
    case 'number':
    case 'custom':
      return null;
    default:
      return '';
  }
};

/** The form value of a field as the request body carries it. */
export function toBodyValue(field: TResourceField, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'color':
    case 'decimal': {
      const text = typeof value === 'string' ? value.trim() : value == null ? '' : String(value);
      return text === '' ? null : text;
    }
    case 'select':
      if (value === '' || value == null) return null;
      return field.numeric ? Number(value) : value;
    case 'number':
      return typeof value === 'number' ? value : null;
    default:
      return value;
  }
}

/** The record's value in the form: select values as strings, decimals as text. */
export function toFormValue(field: TResourceField, value: unknown): unknown {
  if (value === undefined || value === null) return emptyValue(field);
  if (field.kind === 'select' || field.kind === 'decimal') return String(value);
  return value;
}

function Translations({ value, onChange, label, error, disabled }: TFieldProps & { multiline: boolean }) {
  const { t } = useTranslation();
  const texts = (value ?? {}) as Record<string, string>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {LANGUAGES.map((lang) => (
        <Textarea
          key={lang}
          label={`${label} (${t(`languages.${lang}`)})`}
          value={texts[lang] ?? ''}
          error={lang === LANGUAGES[0] ? error : undefined}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={6}
          onChange={(e) => onChange({ ...texts, [lang]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}

export function ResourceFieldInput({ field, ...props }: TFieldProps & { field: TResourceField }) {
  const { t } = useTranslation();
  const { value, onChange, label, error, required, disabled } = props;
  const common = { label, error, required, disabled, description: field.description };
  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={10}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          value={value as number | string}
          min={field.min}
          max={field.max}
          allowDecimal={field.kind === 'decimal'}
          decimalScale={field.kind === 'decimal' ? 4 : undefined}
          onChange={(v) => onChange(field.kind === 'decimal' ? String(v) : typeof v === 'number' ? v : null)}
        />
      );
    case 'switch':
      return (
        <Switch
          label={label}
          description={field.description}
          disabled={disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="md"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={(value as string) || null}
          searchable
          clearable={!required}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          value={String(value ?? '')}
          onChange={onChange}
          eyeDropperButtonProps={{ 'aria-label': t('common.pickColor') }}
        />
      );
    case 'tags':
      return <TagsInput {...common} value={(value as string[]) ?? []} onChange={onChange} />;
    case 'translations':
      return <Translations {...props} multiline />;
    case 'custom':
      return field.render?.(props) ?? null;
  }
}
