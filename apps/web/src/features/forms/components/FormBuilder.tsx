import {
  CHOICE_FIELD_TYPES,
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldRules,
  type FormFieldType,
  isDisplayField,
  MULTI_CHOICE_FIELD_TYPES,
  todayIso,
  validateAnswers,
} from '@atoll/domain/forms/rules';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';
import { errorsByKey } from '../api.ts';
import { FormView } from './FormView.tsx';

// The form builder (custom field of the /formdef drawer): fields of the 15 types with labels in de and
// en, options for choice fields, rules per field, reordering, and a live preview with the guest's form
// component and the same rules.

const hasOptions = (type: FormFieldType) =>
  CHOICE_FIELD_TYPES.includes(type) || MULTI_CHOICE_FIELD_TYPES.includes(type);
const TEXT_TYPES: FormFieldType[] = ['QuestionShort', 'QuestionLong'];
const DATE_TYPES: FormFieldType[] = ['Date', 'DateTime'];

/** Which rules a type offers. */
export function rulesFor(type: FormFieldType): (keyof FormFieldRules)[] {
  if (isDisplayField(type)) return [];
  if (TEXT_TYPES.includes(type))
    return [
      'required',
      'minLength',
      'maxLength',
      'email',
      'flightNumber',
      'min',
      'max',
      'nonZero',
      'nonNegativeInteger',
      'equals',
      'equalsField',
    ];
  if (DATE_TYPES.includes(type)) return ['required', 'dateOnOrAfter', 'dateOnOrBefore'];
  if (type === 'Image') return ['required', 'maxFileSizeKb'];
  if (MULTI_CHOICE_FIELD_TYPES.includes(type)) return ['required', 'minLength', 'maxLength'];
  if (type === 'Stars') return ['required', 'min'];
  return ['required'];
}

const BOOL_RULES = new Set(['required', 'email', 'flightNumber', 'nonZero', 'nonNegativeInteger']);
const NUMBER_RULES = new Set(['minLength', 'maxLength', 'min', 'max', 'maxFileSizeKb']);

function newKey(fields: FormField[], type: FormFieldType) {
  const base = type.charAt(0).toLowerCase() + type.slice(1);
  let n = 1;
  while (fields.some((f) => f.key === `${base}${n}`)) n++;
  return `${base}${n}`;
}

/** Drops empty rule values so the server gets only what is set. */
function cleanRules(rules: FormFieldRules): FormFieldRules | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rules)) if (v !== undefined && v !== '' && v !== false) out[k] = v;
  return Object.keys(out).length ? (out as FormFieldRules) : undefined;
}

export function FormBuilder({ value, onChange, label, error, disabled }: TFieldProps) {
  const { t, i18n } = useTranslation();
  const fields = (Array.isArray(value) ? value : []) as FormField[];
  const [type, setType] = useState<FormFieldType>('QuestionShort');
  const [preview, setPreview] = useState<Record<string, unknown>>({});
  const [previewErrors, setPreviewErrors] = useState<Record<string, string> | null>(null);
  const set = (next: FormField[]) => onChange(next);
  const patch = (i: number, change: Partial<FormField>) =>
    set(fields.map((f, j) => (j === i ? ({ ...f, ...change } as FormField) : f)));
  const move = (i: number, by: number) => {
    const next = [...fields];
    const [item] = next.splice(i, 1);
    if (item) next.splice(i + by, 0, item);
    set(next);
  };
  const typeOptions = FORM_FIELD_TYPES.map((v) => ({ value: v, label: t(`customForms.types.${v}`) }));

  const add = () => {
    const field: FormField = { key: newKey(fields, type), type, label: { de: '', en: '' } };
    if (hasOptions(type))
      field.options = [
        { value: 'a', label: { de: 'A', en: 'A' } },
        { value: 'b', label: { de: 'B', en: 'B' } },
      ];
    set([...fields, field]);
  };

  return (
    <Stack gap="sm">
      <Text fw={500} size="sm">
        {label}
      </Text>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Tabs defaultValue="edit" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="edit">{t('customForms.builder.edit')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('customForms.builder.preview')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit" pt="sm">
          <Stack gap="sm">
            {fields.length === 0 && <Text c="dimmed">{t('customForms.builder.empty')}</Text>}
            {fields.map((field, i) => (
              <FieldEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: the key text is edited in place; position is the identity
                key={`${i}-${field.type}`}
                field={field}
                index={i}
                count={fields.length}
                others={fields.filter((_, j) => j !== i).map((f) => f.key)}
                disabled={disabled ?? false}
                onChange={(change) => patch(i, change)}
                onMove={(by) => move(i, by)}
                onRemove={() => set(fields.filter((_, j) => j !== i))}
              />
            ))}
            <Group align="flex-end">
              <Select
                label={t('customForms.builder.addType')}
                data={typeOptions}
                value={type}
                onChange={(v) => v && setType(v as FormFieldType)}
                allowDeselect={false}
                disabled={disabled}
                data-testid="formdef-add-type"
              />
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={disabled}>
                {t('customForms.builder.add')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="sm">
          <Paper withBorder p="md">
            <Stack>
              <FormView
                fields={fields}
                language={i18n.language}
                values={preview}
                errors={previewErrors ?? {}}
                idPrefix="preview"
                onChange={(key, v) => setPreview((p) => ({ ...p, [key]: v }))}
              />
              <Group>
                <Button
                  variant="light"
                  onClick={() => setPreviewErrors(errorsByKey(validateAnswers(fields, preview, todayIso())))}
                >
                  {t('customForms.builder.check')}
                </Button>
              </Group>
              {previewErrors && Object.keys(previewErrors).length === 0 && (
                <Alert color="green">{t('customForms.builder.checkOk')}</Alert>
              )}
            </Stack>
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type TEditorProps = {
  field: FormField;
  index: number;
  count: number;
  others: string[];
  disabled: boolean;
  onChange: (change: Partial<FormField>) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
};

function FieldEditor({ field, index, count, others, disabled, onChange, onMove, onRemove }: TEditorProps) {
  const { t } = useTranslation();
  const rules = field.rules ?? {};
  const setRule = (name: keyof FormFieldRules, v: unknown) =>
    onChange({ rules: cleanRules({ ...rules, [name]: v }) });
  const options = field.options ?? [];
  const setOption = (i: number, change: Partial<(typeof options)[number]>) =>
    onChange({ options: options.map((o, j) => (j === i ? { ...o, ...change } : o)) });
  const title = t('customForms.builder.fieldTitle', {
    n: index + 1,
    type: t(`customForms.types.${field.type}`),
  });

  return (
    <Paper withBorder p="sm" aria-label={title} component="fieldset" data-testid={`formdef-field-${index}`}>
      <Group justify="space-between" mb="xs">
        <Text component="legend" fw={600} size="sm">
          {title}
        </Text>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            aria-label={t('customForms.builder.up')}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t('customForms.builder.down')}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('customForms.builder.remove')}
            disabled={disabled}
            onClick={onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label={t('customForms.builder.key')}
          value={field.key}
          onChange={(e) => onChange({ key: e.currentTarget.value })}
          disabled={disabled}
        />
        <div />
        <TextInput
          label={t('customForms.builder.labelDe')}
          value={field.label.de ?? ''}
          onChange={(e) => onChange({ label: { ...field.label, de: e.currentTarget.value } })}
          disabled={disabled}
        />
        <TextInput
          label={t('customForms.builder.labelEn')}
          value={field.label.en ?? ''}
          onChange={(e) => onChange({ label: { ...field.label, en: e.currentTarget.value } })}
          disabled={disabled}
        />
        <TextInput
          label={t('customForms.builder.helpDe')}
          value={field.help?.de ?? ''}
          onChange={(e) => onChange({ help: { ...field.help, de: e.currentTarget.value } })}
          disabled={disabled}
        />
        <TextInput
          label={t('customForms.builder.helpEn')}
          value={field.help?.en ?? ''}
          onChange={(e) => onChange({ help: { ...field.help, en: e.currentTarget.value } })}
          disabled={disabled}
        />
        {(field.type === 'Video' || field.type === 'Download') && (
          <TextInput
            label={t('customForms.builder.url')}
            value={field.url ?? ''}
            onChange={(e) => onChange({ url: e.currentTarget.value || undefined })}
            disabled={disabled}
          />
        )}
        {field.type === 'Stars' && (
          <NumberInput
            label={t('customForms.builder.stars')}
            value={field.stars ?? 5}
            min={1}
            max={10}
            onChange={(v) => onChange({ stars: typeof v === 'number' ? v : undefined })}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      {hasOptions(field.type) && (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={500}>
            {t('customForms.builder.options')}
          </Text>
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the option value is edited in place; position is the identity
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                label={t('customForms.builder.optionValue')}
                aria-label={`${t('customForms.builder.option', { n: i + 1 })}: ${t('customForms.builder.optionValue')}`}
                value={o.value}
                onChange={(e) => setOption(i, { value: e.currentTarget.value })}
                disabled={disabled}
              />
              <TextInput
                size="xs"
                label={t('customForms.builder.labelDe')}
                aria-label={`${t('customForms.builder.option', { n: i + 1 })}: ${t('customForms.builder.labelDe')}`}
                value={o.label.de ?? ''}
                onChange={(e) => setOption(i, { label: { ...o.label, de: e.currentTarget.value } })}
                disabled={disabled}
              />
              <TextInput
                size="xs"
                label={t('customForms.builder.labelEn')}
                aria-label={`${t('customForms.builder.option', { n: i + 1 })}: ${t('customForms.builder.labelEn')}`}
                value={o.label.en ?? ''}
                onChange={(e) => setOption(i, { label: { ...o.label, en: e.currentTarget.value } })}
                disabled={disabled}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('customForms.builder.removeOption')}
                onClick={() => onChange({ options: options.filter((_, j) => j !== i) })}
                disabled={disabled}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="xs"
            variant="subtle"
            w="fit-content"
            onClick={() =>
              onChange({
                options: [...options, { value: `o${options.length + 1}`, label: { de: '', en: '' } }],
              })
            }
            disabled={disabled}
          >
            {t('customForms.builder.addOption')}
          </Button>
        </Stack>
      )}
      {rulesFor(field.type).length > 0 && (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={500}>
            {t('customForms.builder.rules')}
          </Text>
          <Group gap="sm" align="flex-end">
            {rulesFor(field.type).map((name) => {
              const ruleLabel = t(`customForms.rules.${name}`);
              if (BOOL_RULES.has(name))
                return (
                  <Checkbox
                    key={name}
                    label={ruleLabel}
                    checked={Boolean(rules[name])}
                    onChange={(e) => setRule(name, e.currentTarget.checked || undefined)}
                    disabled={disabled}
                  />
                );
              if (NUMBER_RULES.has(name))
                return (
                  <NumberInput
                    key={name}
                    size="xs"
                    w={130}
                    label={ruleLabel}
                    value={(rules[name] as number | undefined) ?? ''}
                    onChange={(v) => setRule(name, typeof v === 'number' ? v : undefined)}
                    disabled={disabled}
                  />
                );
              if (name === 'equalsField')
                return (
                  <Select
                    key={name}
                    size="xs"
                    w={160}
                    label={ruleLabel}
                    data={others}
                    clearable
                    value={rules.equalsField ?? null}
                    onChange={(v) => setRule(name, v ?? undefined)}
                    disabled={disabled}
                  />
                );
              return (
                <TextInput
                  key={name}
                  size="xs"
                  w={name === 'equals' ? 140 : 170}
                  label={ruleLabel}
                  {...(name !== 'equals' ? { placeholder: 'today +3 days', description: undefined } : {})}
                  title={name !== 'equals' ? t('customForms.rules.relativeHint') : undefined}
                  value={(rules[name] as string | undefined) ?? ''}
                  onChange={(e) => setRule(name, e.currentTarget.value || undefined)}
                  disabled={disabled}
                />
              );
            })}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
