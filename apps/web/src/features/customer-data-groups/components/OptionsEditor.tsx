import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newOption, type TDraftErrors, type TOptionDraft } from './dataGroupForm.ts';

type TProps = {
  options: TOptionDraft[];
  onChange: (options: TOptionDraft[]) => void;
  /** Errors relative to the field: `options`, `options.1.value`, `options.1.label.en` … */
  errors: TDraftErrors;
  disabled: boolean;
  /** The field's name for the accessible labels. */
  fieldName: string;
};

/** The choices of a select field: a stored value and its label in both languages. */
export function OptionsEditor({ options, onChange, errors, disabled, fieldName }: TProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<TOptionDraft>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('customerDataGroups.form.options')}
      </Text>
      {errors.options && (
        <Text size="sm" c="red" role="alert">
          {errors.options}
        </Text>
      )}
      {options.map((option, index) => (
        <Group key={option.uid} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label={t('customerDataGroups.form.optionValue')}
            value={option.value}
            onChange={(e) => set(index, { value: e.currentTarget.value })}
            error={errors[`options.${index}.value`]}
            disabled={disabled}
            size="xs"
            style={{ flex: '1 1 100px' }}
          />
          <TextInput
            label={t('customerDataGroups.form.labelDe')}
            value={option.label.de}
            onChange={(e) => set(index, { label: { ...option.label, de: e.currentTarget.value } })}
            error={errors[`options.${index}.label.de`]}
            disabled={disabled}
            size="xs"
            style={{ flex: '2 1 140px' }}
          />
          <TextInput
            label={t('customerDataGroups.form.labelEn')}
            value={option.label.en}
            onChange={(e) => set(index, { label: { ...option.label, en: e.currentTarget.value } })}
            error={errors[`options.${index}.label.en`]}
            disabled={disabled}
            size="xs"
            style={{ flex: '2 1 140px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={24}
            disabled={disabled}
            aria-label={t('customerDataGroups.form.removeOption', { n: index + 1, field: fieldName })}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {!disabled && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...options, newOption()])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('customerDataGroups.form.addOption')}
        </Button>
      )}
    </Stack>
  );
}
