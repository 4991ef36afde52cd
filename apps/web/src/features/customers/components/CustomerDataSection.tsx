import type { TCustomerDataField, TCustomerDataGroup, TCustomerDataIssue } from '@atoll/domain/customer-data';
import {
  Alert,
  Fieldset,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDataGroups } from '../../customer-data-groups/api.ts';

/** A customer's custom data as the API carries it: `{ [groupId]: { [fieldKey]: value } }`. */
export type TCustomerDataForm = Record<string, Record<string, unknown>>;

type TProps = {
  value: TCustomerDataForm;
  onChange: (next: TCustomerDataForm) => void;
  /** Messages by `<groupId>.<fieldKey>`, e.g. from `customerDataErrors`. */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
};

type TLang = 'de' | 'en';

/** Messages for the section from `validateCustomerData`'s issues (packages/domain customer-data). */
export function customerDataErrors(issues: readonly TCustomerDataIssue[], t: TFunction) {
  return Object.fromEntries(issues.map((i) => [`${i.groupId}.${i.key}`, t(`customerData.issues.${i.code}`)]));
}

/** An emptied input removes the value: the API treats a missing value as not given. */
function withValue(data: TCustomerDataForm, groupId: number, key: string, value: unknown): TCustomerDataForm {
  const { [key]: _old, ...rest } = data[String(groupId)] ?? {};
  const values = value === '' || value === null || value === undefined ? rest : { ...rest, [key]: value };
  const { [String(groupId)]: _group, ...others } = data;
  return Object.keys(values).length > 0 ? { ...others, [String(groupId)]: values } : others;
}

function FieldInput(props: {
  field: TCustomerDataField;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  disabled: boolean;
  lang: TLang;
}) {
  const { field, value, onChange, lang } = props;
  const common = {
    label: field.label[lang],
    required: field.required === true,
    error: props.error,
    disabled: props.disabled,
  };
  switch (field.type) {
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
          maxRows={8}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={common.label}
          error={common.error}
          disabled={common.disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          mt="md"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
          value={typeof value === 'string' ? value : null}
          clearable={!common.required}
          onChange={(v) => onChange(v ?? '')}
        />
      );
  }
}

/**
 * The custom data of a customer (the operator's data groups: diving, medical …) as a form section, one
 * fieldset per group, labelled in the UI language. Controlled: `value` in, every change out through
 * `onChange`. Values of fields no group defines any more are kept as they are.
 */
export function CustomerDataSection({ value, onChange, errors = {}, disabled = false }: TProps) {
  const { t, i18n } = useTranslation();
  const lang: TLang = i18n.language === 'en' ? 'en' : 'de';
  const groups = useDataGroups();
  if (groups.isPending) return <Loader size="sm" aria-label={t('datatable.loading')} />;
  if (groups.isError) return <Alert color="red">{t('customerData.section.loadError')}</Alert>;
  const shown = groups.data.filter((g: TCustomerDataGroup) => g.fields.length > 0);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md">
      {shown.map((group) => (
        <Fieldset key={group.id} legend={group.label[lang] || group.name}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {group.fields.map((field) => (
              <div key={field.key} style={field.type === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
                <FieldInput
                  field={field}
                  value={value[String(group.id)]?.[field.key]}
                  onChange={(next) => onChange(withValue(value, group.id, field.key, next))}
                  error={errors[`${group.id}.${field.key}`]}
                  disabled={disabled}
                  lang={lang}
                />
              </div>
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
