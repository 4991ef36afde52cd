import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../app/messages.ts';
import { DeleteModal } from '../ConfirmModal.tsx';
import { RecordActions } from '../DetailPage.tsx';
import { fieldErrorsOf, focusFirstError, type TFieldErrors } from '../fieldErrors.ts';
import { type TResourceRow, useResourceMutations } from './api.ts';
import { ResourceFieldInput, type TResourceField, toBodyValue, toFormValue } from './fields.tsx';

type TProps<Row extends TResourceRow> = {
  resource: string;
  path: string;
  fields: TResourceField[];
  row?: Row;
  /** The name in the delete question. */
  nameOf: (row: Row) => string;
  can: { create: boolean; update: boolean; delete: boolean };
  /** The field a 409 CONFLICT answer is about (a unique name or code). */
  uniqueField?: string;
  onOpen: (id: number) => void;
  onClose: () => void;
};

const formOf = (fields: TResourceField[], row?: TResourceRow) =>
  Object.fromEntries(fields.map((f) => [f.key, toFormValue(f, row?.[f.key])]));

/** Create or edit one record of a generic resource; copy and delete with confirmation. */
export function ResourceForm<Row extends TResourceRow>(props: TProps<Row>) {
  const { resource, fields, row, can } = props;
  const { t } = useTranslation();
  const { save, copy, remove } = useResourceMutations<Row>(resource, props.path);
  const [form, setForm] = useState<Record<string, unknown>>(() => formOf(fields, row));
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const editable = row ? can.update : can.create;
  const label = (field: TResourceField) => field.label ?? t(`resources.${resource}.fields.${field.key}`);

  const set = (key: string, value: unknown) => {
    setForm((prev) => ({ ...prev, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.filter((f) => f.required && toBodyValue(f, form[f.key]) == null);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((f) => [f.key, t('form.invalid.required')])));
      return focusFirstError(formRef.current);
    }
    setErrors({});
    const body = Object.fromEntries(fields.map((f) => [f.key, toBodyValue(f, form[f.key])]));
    save.mutate(
      { ...(row ? { id: row.id } : {}), body },
      {
        onSuccess: (saved) => {
          showSuccess(t(row ? 'common.saved' : 'common.created'));
          if (!row) props.onOpen(saved.id);
        },
        onError: (error) => {
          const fieldKeys = fields.map((f) => f.key);
          const unique = props.uniqueField;
          setErrors(
            fieldErrorsOf(
              error,
              fieldKeys,
              unique ? { field: unique, message: t('errors.CONFLICT') } : undefined,
            ),
          );
          focusFirstError(formRef.current);
        },
      },
    );
  };

  const onCopy = (source: Row) =>
    copy.mutate(source.id, {
      onSuccess: (created) => {
        showSuccess(t('common.copied'));
        props.onOpen(created.id);
      },
    });
  const onDelete = (target: Row) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(false);
        showSuccess(t('common.deleted'));
        props.onClose();
      },
      onError: () => setConfirming(false),
    });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        {row && (
          <RecordActions
            onCopy={can.create ? () => onCopy(row) : undefined}
            copying={copy.isPending}
            onDelete={can.delete ? () => setConfirming(true) : undefined}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <div
              key={field.key}
              style={field.wide || field.kind === 'translations' ? { gridColumn: '1 / -1' } : undefined}
            >
              <ResourceFieldInput
                field={field}
                value={form[field.key]}
                values={form}
                onChange={(value) => set(field.key, value)}
                label={label(field)}
                error={errors[field.key]}
                required={field.required}
                disabled={!editable}
              />
            </div>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          {editable && (
            <Button type="submit" loading={save.isPending}>
              {t(row ? 'common.save' : 'common.create')}
            </Button>
          )}
        </Group>
      </Stack>
      {row && (
        <DeleteModal
          opened={confirming}
          name={props.nameOf(row)}
          busy={remove.isPending}
          onConfirm={() => onDelete(row)}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
