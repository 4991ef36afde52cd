import { CUSTOMER_DATA_FIELD_TYPES, type TCustomerDataFieldType } from '@atoll/domain/customer-data';
import { ActionIcon, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowsExchange, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDraftErrors, TFieldDraft } from './dataGroupForm.ts';
import { OptionsEditor } from './OptionsEditor.tsx';

type TProps = {
  field: TFieldDraft;
  index: number;
  count: number;
  onChange: (patch: Partial<TFieldDraft>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Moving to another group; undefined while it is not possible (unsaved field or changes). */
  onMoveToGroup: (() => void) | undefined;
  /** Errors relative to the field (`key`, `label.de`, `options.0.value` …). */
  errors: TDraftErrors;
  disabled: boolean;
};

/** One custom field: key, type, labels in both languages, required, options of a select; order and actions. */
export function FieldEditor({ field, index, count, onChange, errors, disabled, ...actions }: TProps) {
  const { t } = useTranslation();
  const name = field.key || t('customerDataGroups.form.fieldN', { n: index + 1 });
  const types = CUSTOMER_DATA_FIELD_TYPES.map((type) => ({
    value: type,
    label: t(`customerDataGroups.types.${type}`),
  }));

  return (
    <Card withBorder padding="sm" role="group" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {index + 1}. {name}
          </Text>
          {!disabled && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={index === 0}
                aria-label={t('customerDataGroups.form.up', { field: name })}
                onClick={() => actions.onMove(index - 1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={index === count - 1}
                aria-label={t('customerDataGroups.form.down', { field: name })}
                onClick={() => actions.onMove(index + 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={!actions.onMoveToGroup}
                aria-label={t('customerDataGroups.form.moveToGroup', { field: name })}
                title={actions.onMoveToGroup ? undefined : t('customerDataGroups.form.moveNeedsSave')}
                onClick={actions.onMoveToGroup}
              >
                <IconArrowsExchange size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('customerDataGroups.form.removeField', { field: name })}
                onClick={actions.onRemove}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={t('customerDataGroups.form.key')}
            description={t('customerDataGroups.form.keyHint')}
            value={field.key}
            onChange={(e) => onChange({ key: e.currentTarget.value })}
            error={errors.key}
            required
            disabled={disabled}
          />
          <Select
            label={t('customerDataGroups.form.type')}
            data={types}
            value={field.type}
            allowDeselect={false}
            onChange={(type) => type && onChange({ type: type as TCustomerDataFieldType })}
            disabled={disabled}
          />
          <TextInput
            label={t('customerDataGroups.form.labelDe')}
            value={field.label.de}
            onChange={(e) => onChange({ label: { ...field.label, de: e.currentTarget.value } })}
            error={errors['label.de']}
            required
            disabled={disabled}
          />
          <TextInput
            label={t('customerDataGroups.form.labelEn')}
            value={field.label.en}
            onChange={(e) => onChange({ label: { ...field.label, en: e.currentTarget.value } })}
            error={errors['label.en']}
            required
            disabled={disabled}
          />
        </SimpleGrid>
        <Switch
          label={t('customerDataGroups.form.required')}
          checked={field.required}
          onChange={(e) => onChange({ required: e.currentTarget.checked })}
          disabled={disabled}
        />
        {field.type === 'select' && (
          <OptionsEditor
            options={field.options}
            onChange={(options) => onChange({ options })}
            errors={errors}
            disabled={disabled}
            fieldName={name}
          />
        )}
      </Stack>
    </Card>
  );
}
