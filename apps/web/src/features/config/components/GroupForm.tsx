import type { TSettingsGroup, TSettingsValues } from '@atoll/domain/settings';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { showSuccess } from '../../../app/messages.ts';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../../../components/fieldErrors.ts';
import { useSaveSettingsGroup, useSettingsGroup } from '../api.ts';

type TInputProps = { value: unknown; onChange: (value: unknown) => void; label: string; error?: string };

/** One key of a settings group as a form field; `label` and `description` are translated texts. */
export type TGroupField = {
  key: string;
  label: string;
  description?: string;
} & (
  | { kind: 'number'; min: number; max: number }
  | { kind: 'switch' }
  | { kind: 'text'; maxLength: number }
  | { kind: 'select'; options: { value: string; label: string }[] }
  | { kind: 'custom'; render: (props: TInputProps) => ReactNode }
);

function FieldInput({ field, ...props }: TInputProps & { field: TGroupField }) {
  const { value, onChange, label, error } = props;
  const common = { label, error, description: field.description };
  switch (field.kind) {
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          value={value as number}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'switch':
      return (
        <Switch
          label={label}
          description={field.description}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="xs"
        />
      );
    case 'text':
      return (
        <TextInput
          {...common}
          maxLength={field.maxLength}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={(value as string) ?? null}
          searchable
          allowDeselect={false}
          onChange={(v) => onChange(v)}
        />
      );
    case 'custom':
      return field.render(props);
  }
}

type TProps<G extends TSettingsGroup> = { group: G; fields: TGroupField[]; values: TSettingsValues[G] };

function GroupFormBody<G extends TSettingsGroup>({ group, fields, values }: TProps<G>) {
  const { t } = useTranslation();
  const save = useSaveSettingsGroup(group);
  const formRef = useRef<HTMLFormElement>(null);
  const initial = values as Record<string, unknown>;
  const [form, setForm] = useState(() => Object.fromEntries(fields.map((f) => [f.key, initial[f.key]])));
  const [errors, setErrors] = useState<TFieldErrors>({});

  const set = (key: string, value: unknown) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.filter((f) => f.kind !== 'switch' && (form[f.key] === null || form[f.key] === ''));
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((f) => [f.key, t('form.invalid.required')])));
      return focusFirstError(formRef.current);
    }
    save.mutate(form as Partial<TSettingsValues[G]>, {
      onSuccess: () => showSuccess(t('common.saved')),
      onError: (error) => {
        setErrors(
          fieldErrorsOf(
            error,
            fields.map((f) => f.key),
          ),
        );
        focusFirstError(formRef.current);
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              label={field.label}
              value={form[field.key]}
              onChange={(value) => set(field.key, value)}
              {...(errors[field.key] ? { error: errors[field.key] } : {})}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edits some keys of one settings group (`POST /api/settings/group/{group}`), server errors on their fields. */
export function GroupForm<G extends TSettingsGroup>({ group, fields }: Omit<TProps<G>, 'values'>) {
  const { t } = useTranslation();
  const values = useSettingsGroup(group);
  return (
    <Card withBorder radius="md" padding="lg">
      {values.isPending && <Skeleton h={160} />}
      {values.isError && (
        <Alert color="red">
          {values.error instanceof ApiError ? apiErrorText(values.error) : t('datatable.error')}
        </Alert>
      )}
      {values.data && <GroupFormBody group={group} fields={fields} values={values.data} />}
    </Card>
  );
}
