import {
  DEFAULT_MAX_FILE_SIZE_KB,
  DEFAULT_STARS,
  type FileAnswer,
  type FormField,
  isDisplayField,
} from '@atoll/domain/forms/rules';
import {
  Anchor,
  Checkbox,
  Chip,
  FileInput,
  Group,
  Input,
  NativeSelect,
  Radio,
  Rating,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLocalText } from '../api.ts';

// Renders a custom form's fields (all 15 types of spec booking §3) for the guest page and the builder's
// preview. Native date and time inputs: light and phone-friendly. Every input has a label, its error is
// linked to it (Mantine sets aria-describedby and aria-invalid).

export const localText = (text: TLocalText | undefined, lang: string) =>
  (lang === 'de' ? text?.de || text?.en : text?.en || text?.de) ?? '';

type TProps = {
  fields: FormField[];
  language: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  onBlur?: (key: string) => void;
  disabled?: boolean;
  /** Prefix of the input ids (two forms on one page: the builder's preview). */
  idPrefix?: string;
};

const readFile = (file: File) =>
  new Promise<FileAnswer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({ name: file.name, size: file.size, type: file.type, data: String(reader.result) });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function FormView({
  fields,
  language,
  values,
  errors,
  onChange,
  onBlur,
  disabled,
  idPrefix = 'f',
}: TProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {fields.map((field) => (
        <FieldView
          key={field.key}
          field={field}
          language={language}
          value={values[field.key]}
          error={errors[field.key]}
          onChange={(v) => onChange(field.key, v)}
          onBlur={() => onBlur?.(field.key)}
          disabled={disabled ?? false}
          id={`${idPrefix}-${field.key}`}
          t={t}
        />
      ))}
    </Stack>
  );
}

type TFieldProps = {
  field: FormField;
  language: string;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  id: string;
  t: (key: string, opts?: Record<string, unknown>) => string;
};

function FieldView({ field, language, value, error, onChange, onBlur, disabled, id, t }: TFieldProps) {
  const label = localText(field.label, language);
  const help = localText(field.help, language) || undefined;
  const required = Boolean(field.rules?.required) && !isDisplayField(field.type);
  const options = (field.options ?? []).map((o) => ({
    value: o.value,
    label: localText(o.label, language) || o.value,
  }));
  const common = { id, label, description: help, error, required, disabled, onBlur };
  const str = typeof value === 'string' || typeof value === 'number' ? String(value) : '';

  switch (field.type) {
    case 'Header':
      return (
        <div>
          <Title order={3} size="h4">
            {label}
          </Title>
          {help && <Text c="dimmed">{help}</Text>}
        </div>
      );
    case 'Text':
      return (
        <div>
          {label && <Text fw={600}>{label}</Text>}
          {help && <Text style={{ whiteSpace: 'pre-wrap' }}>{help}</Text>}
        </div>
      );
    case 'Video':
      return (
        <div>
          <Text fw={600}>{label}</Text>
          {field.url && /\.(mp4|webm|ogg)(\?|$)/i.test(field.url) ? (
            // biome-ignore lint/a11y/useMediaCaption: operator-provided video without captions
            <video src={field.url} controls style={{ width: '100%' }} aria-label={label} />
          ) : field.url ? (
            <Anchor href={field.url} target="_blank" rel="noopener noreferrer">
              {t('customForms.view.watch')}
            </Anchor>
          ) : null}
          {help && <Text c="dimmed">{help}</Text>}
        </div>
      );
    case 'Download':
      return (
        <div>
          {field.url && (
            <Anchor href={field.url} target="_blank" rel="noopener noreferrer" download>
              {label || t('customForms.view.download')}
            </Anchor>
          )}
          {help && <Text c="dimmed">{help}</Text>}
        </div>
      );
    case 'Date':
      return (
        <TextInput {...common} type="date" value={str} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'Time':
      return (
        <TextInput {...common} type="time" value={str} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'DateTime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'QuestionShort':
      return (
        <TextInput
          {...common}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
          {...(field.rules?.email ? { type: 'email', autoComplete: 'email' } : {})}
          {...(field.rules?.nonNegativeInteger ||
          field.rules?.min !== undefined ||
          field.rules?.max !== undefined
            ? { inputMode: 'decimal' as const }
            : {})}
        />
      );
    case 'QuestionLong':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'Radio':
      return (
        <Radio.Group {...common} value={str || null} onChange={onChange}>
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'Select':
      // Native select: phone-friendly and without the combobox code (public bundle).
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: t('customForms.view.choose') }, ...options]}
          value={str}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'MultipleChoice':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        >
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'MultipleSelect':
      // Chips (checkboxes): several options without a drop-down on a phone.
      return (
        <Input.Wrapper {...common} labelElement="div" id={undefined} errorProps={{ id: `${id}-error` }}>
          <Group
            gap="xs"
            mt="xs"
            role="group"
            id={id}
            aria-label={label}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <Chip.Group multiple value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange}>
              {options.map((o) => (
                <Chip key={o.value} value={o.value} disabled={disabled}>
                  {o.label}
                </Chip>
              ))}
            </Chip.Group>
          </Group>
        </Input.Wrapper>
      );
    case 'Stars': {
      const count = field.stars ?? DEFAULT_STARS;
      return (
        <Input.Wrapper {...common} labelElement="div" id={undefined} errorProps={{ id: `${id}-error` }}>
          <Group gap="xs" mt={4}>
            <Rating
              count={count}
              value={typeof value === 'number' ? value : Number(str) || 0}
              onChange={onChange}
              readOnly={disabled}
              aria-label={label}
              aria-describedby={error ? `${id}-error` : undefined}
              size="lg"
            />
          </Group>
        </Input.Wrapper>
      );
    }
    case 'Image': {
      const file = value as FileAnswer | undefined;
      const limit = field.rules?.maxFileSizeKb ?? DEFAULT_MAX_FILE_SIZE_KB;
      return (
        <FileInput
          {...common}
          accept="image/png,image/jpeg,image/gif,image/webp"
          clearable
          description={[help, t('customForms.view.maxSize', { kb: limit })].filter(Boolean).join(' · ')}
          placeholder={file?.name ?? t('customForms.view.chooseImage')}
          value={null}
          onChange={async (f) => onChange(f ? await readFile(f) : null)}
        />
      );
    }
    default:
      return null;
  }
}
