import {
  GUEST_FORM_FILE_TYPES,
  hasMedicalYes,
  sectionsOf,
  type TGuestField,
  type TGuestFileAnswer,
  type TGuestFormType,
} from '@atoll/domain/guestforms';
import { Fieldset, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// The answers of one guest, section by section (passport, diving, insurance, flights, …). Native date
// and time inputs (the phone's own pickers); uploads are checked against the limit before they are read.

export type TAnswers = Record<string, unknown>;
type TProps = {
  /** Prefix of the inputs' ids, unique per guest on the multi-guest page. */
  idPrefix: string;
  types: readonly TGuestFormType[];
  value: TAnswers;
  onChange: (next: TAnswers) => void;
  /** Error codes by field key. */
  errors: Record<string, string>;
  maxFileSizeKb: number;
  disabled?: boolean;
  /** Another guest's private answers on the lead guest's page: answered, not shown, not editable here. */
  hidden?: readonly string[];
};

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export function GuestFormFields(props: TProps) {
  const { t } = useTranslation();
  const set = (key: string, v: unknown) => props.onChange({ ...props.value, [key]: v });
  return (
    <Stack gap="md">
      {sectionsOf(props.types).map((section) => (
        <Fieldset key={section.type} legend={t(`guestforms.sections.${section.type}`)} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {section.fields
              // The physician's sign-off is asked after a "yes" to a medical question, and then required.
              .filter((field) => !field.afterMedicalYes || hasMedicalYes(props.value))
              .map((field) =>
                props.hidden?.includes(field.key) ? (
                  <TextInput
                    key={field.key}
                    id={`${props.idPrefix}-${field.key}`}
                    label={t(`guestforms.fields.${field.key}`)}
                    value={t('guestforms.public.privateAnswer')}
                    readOnly
                    disabled
                  />
                ) : (
                  <FieldInput
                    key={field.key}
                    id={`${props.idPrefix}-${field.key}`}
                    field={
                      field.afterMedicalYes && field.kind === 'yesno' ? { ...field, required: true } : field
                    }
                    value={props.value[field.key]}
                    error={props.errors[field.key]}
                    onChange={(v) => set(field.key, v)}
                    maxFileSizeKb={props.maxFileSizeKb}
                    disabled={props.disabled ?? false}
                  />
                ),
              )}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}

function FieldInput(props: {
  id: string;
  field: TGuestField;
  value: unknown;
  error: string | undefined;
  onChange: (v: unknown) => void;
  maxFileSizeKb: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { field, id } = props;
  const label = t(`guestforms.fields.${field.key}`);
  const error = props.error ? t(`guestforms.errors.${props.error}`, { kb: props.maxFileSizeKb }) : undefined;
  const common = { id, label, required: field.required, error, disabled: props.disabled };
  const text =
    typeof props.value === 'string' ? props.value : props.value === undefined ? '' : String(props.value);

  if (field.kind === 'yesno') {
    return (
      <Radio.Group
        {...common}
        value={props.value === true ? 'yes' : props.value === false ? 'no' : ''}
        onChange={(v) => props.onChange(v === 'yes')}
      >
        <Group mt={4}>
          <Radio value="yes" label={t('guestforms.yes')} id={`${id}-yes`} disabled={props.disabled} />
          <Radio value="no" label={t('guestforms.no')} id={`${id}-no`} disabled={props.disabled} />
        </Group>
      </Radio.Group>
    );
  }
  if (field.kind === 'select') {
    return (
      <Select
        {...common}
        data={(field.options ?? []).map((o) => ({
          value: o,
          label: t(`guestforms.options.${field.key}.${o}`, o),
        }))}
        value={text || null}
        onChange={(v) => props.onChange(v ?? '')}
        clearable={!field.required}
      />
    );
  }
  if (field.kind === 'file') return <FileField {...props} label={label} error={error} />;
  const type =
    field.kind === 'date'
      ? 'date'
      : field.kind === 'time'
        ? 'time'
        : field.kind === 'email'
          ? 'email'
          : field.kind === 'count'
            ? 'number'
            : 'text';
  return (
    <TextInput
      {...common}
      type={type}
      inputMode={field.kind === 'count' ? 'numeric' : undefined}
      autoComplete={AUTOCOMPLETE[field.key]}
      description={
        field.kind === 'flight' ? (
          <Text span size="xs" c="gray.7">
            {t('guestforms.flightHint')}
          </Text>
        ) : undefined
      }
      value={text}
      maxLength={field.max}
      onChange={(e) => {
        const v = e.currentTarget.value;
        props.onChange(field.kind === 'count' && v !== '' && /^\d+$/.test(v) ? Number(v) : v);
      }}
    />
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  birthday: 'bday',
  email: 'email',
  phone: 'tel',
};

function FileField(props: {
  id: string;
  field: TGuestField;
  value: unknown;
  label: string;
  error: string | undefined;
  onChange: (v: unknown) => void;
  maxFileSizeKb: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<string | null>(null);
  const file = (props.value ?? null) as TGuestFileAnswer | null;
  const pick = async (chosen: File | undefined) => {
    setLocal(null);
    if (!chosen) return;
    if (chosen.size > props.maxFileSizeKb * 1024) {
      setLocal(t('guestforms.errors.FILE_TOO_LARGE', { kb: props.maxFileSizeKb }));
      return;
    }
    if (!(GUEST_FORM_FILE_TYPES as readonly string[]).includes(chosen.type)) {
      setLocal(t('guestforms.errors.INVALID_FILE'));
      return;
    }
    const data = await readBase64(chosen);
    props.onChange({ name: chosen.name, size: chosen.size, type: chosen.type, data });
  };
  const error = local ?? props.error;
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={props.id} size="sm" fw={500}>
        {props.label}
      </Text>
      <Text size="xs" c="gray.7" id={`${props.id}-hint`}>
        {t('guestforms.fileHint', { kb: props.maxFileSizeKb })}
      </Text>
      <input
        id={props.id}
        type="file"
        accept={GUEST_FORM_FILE_TYPES.join(',')}
        disabled={props.disabled}
        aria-describedby={`${props.id}-hint${error ? ` ${props.id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      {file && (
        <Text size="sm" data-testid={`${props.id}-file`}>
          {t('guestforms.fileChosen', { name: file.name, kb: Math.ceil(file.size / 1024) })}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" id={`${props.id}-error`} role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
