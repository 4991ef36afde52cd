import type { TCustomerDataGroup } from '@atoll/domain/customer-data';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { focusFirstError } from '../../../components/fieldErrors.ts';
import { useDeleteDataGroup, useSaveDataGroup } from '../api.ts';
import {
  draftOf,
  fieldErrors,
  newField,
  serverErrors,
  type TDraftErrors,
  type TFieldDraft,
  type TGroupDraft,
  validateDraft,
} from './dataGroupForm.ts';
import { FieldEditor } from './FieldEditor.tsx';

type TProps = {
  group?: TCustomerDataGroup;
  groupName: (group: TCustomerDataGroup) => string;
  canEdit: boolean;
  /** Asks to move a stored field to another group (the page confirms and shows the result). */
  onMoveField: (field: { key: string; name: string }) => void;
  onOpen: (id: number) => void;
  onClose: () => void;
};

/** Create or edit a data group: name, labels, order and its fields; delete and move fields with confirmation. */
export function DataGroupForm({ group, groupName, canEdit, onMoveField, onOpen, onClose }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const save = useSaveDataGroup();
  const remove = useDeleteDataGroup();
  const [draft, setDraft] = useState<TGroupDraft>(() => draftOf(group));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<TDraftErrors>({});
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (next: TGroupDraft, clearErrors = false) => {
    setDraft(next);
    setDirty(true);
    if (clearErrors) setErrors({});
  };
  const setField = (index: number, patch: Partial<TFieldDraft>) =>
    change({ ...draft, fields: draft.fields.map((f, i) => (i === index ? { ...f, ...patch } : f)) });
  // Positions change: errors by position would point at the wrong fields.
  const reorder = (from: number, to: number) => {
    const fields = [...draft.fields];
    const [moved] = fields.splice(from, 1);
    if (moved) fields.splice(to, 0, moved);
    change({ ...draft, fields }, true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDraft(draft, t);
    if (checked.errors) {
      setErrors(checked.errors);
      return focusFirstError(formRef.current);
    }
    setErrors({});
    // The promise, not mutate's callbacks: a save gives the group a new `updatedAt`, the page then mounts a
    // fresh form (its key), and TanStack Query drops the callbacks of an unmounted form, toast included.
    save.mutateAsync({ ...(group ? { id: group.id } : {}), body: checked.body }).then(
      (saved) => {
        showSuccess(t(group ? 'common.saved' : 'common.created'));
        if (!group) onOpen(saved.id);
      },
      (error: unknown) => {
        setErrors(serverErrors(error, t));
        focusFirstError(formRef.current);
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        {errors[''] && <Alert color="red">{errors['']}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('resources.customerdatagroup.fields.name')}
            description={t('customerDataGroups.form.nameHint')}
            value={draft.name}
            onChange={(e) => change({ ...draft, name: e.currentTarget.value })}
            error={errors.name}
            required
            disabled={!canEdit}
          />
          <NumberInput
            label={t('resources.customerdatagroup.fields.sort')}
            value={draft.sort}
            onChange={(v) => change({ ...draft, sort: typeof v === 'number' ? v : 0 })}
            allowDecimal={false}
            error={errors.sort}
            disabled={!canEdit}
          />
          <TextInput
            label={t('customerDataGroups.form.titleDe')}
            value={draft.label.de}
            onChange={(e) => change({ ...draft, label: { ...draft.label, de: e.currentTarget.value } })}
            error={errors['label.de']}
            required
            disabled={!canEdit}
          />
          <TextInput
            label={t('customerDataGroups.form.titleEn')}
            value={draft.label.en}
            onChange={(e) => change({ ...draft, label: { ...draft.label, en: e.currentTarget.value } })}
            error={errors['label.en']}
            required
            disabled={!canEdit}
          />
        </SimpleGrid>
        <Title order={3} size="h4">
          {t('customerDataGroups.form.fields')}
        </Title>
        {draft.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('customerDataGroups.form.noFields')}
          </Text>
        )}
        {errors.fields && <Alert color="red">{errors.fields}</Alert>}
        {draft.fields.map((field, index) => (
          <FieldEditor
            key={field.uid}
            field={field}
            index={index}
            count={draft.fields.length}
            errors={fieldErrors(errors, index)}
            disabled={!canEdit}
            onChange={(patch) => setField(index, patch)}
            onMove={(to) => reorder(index, to)}
            onRemove={() => change({ ...draft, fields: draft.fields.filter((_, i) => i !== index) }, true)}
            onMoveToGroup={
              group && field.saved && !dirty
                ? () => onMoveField({ key: field.key, name: field.label[lang] || field.key })
                : undefined
            }
          />
        ))}
        {canEdit && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => change({ ...draft, fields: [...draft.fields, newField()] })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('customerDataGroups.form.addField')}
          </Button>
        )}
        {group && dirty && canEdit && (
          <Text size="xs" c="dimmed">
            {t('customerDataGroups.form.moveNeedsSave')}
          </Text>
        )}
        <Group justify="space-between">
          {group && canEdit ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('common.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            {canEdit && (
              <Button type="submit" loading={save.isPending}>
                {t(group ? 'common.save' : 'common.create')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      {group && (
        <ConfirmModal
          opened={confirming}
          title={t('common.deleteTitle')}
          text={t('customerDataGroups.form.deleteText', { name: groupName(group) })}
          confirmLabel={t('common.delete')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(group.id, {
              onSuccess: () => {
                setConfirming(false);
                showSuccess(t('common.deleted'));
                onClose();
              },
              onError: () => setConfirming(false),
            })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
