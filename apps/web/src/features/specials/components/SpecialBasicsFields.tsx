import { LANGUAGES } from '@atoll/domain/constants';
import {
  PRICE_STATUSES,
  SPECIAL_TYPES,
  type TPriceStatus,
  type TSpecialType,
} from '@atoll/domain/pricing/entities';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldErrors } from '../../../components/fieldErrors.ts';
import { useSpecialsGroups } from '../api.ts';
import type { TSpecialForm } from './specialForm.ts';

export type TSetField = <K extends keyof TSpecialForm>(key: K, value: TSpecialForm[K]) => void;
export type TFieldsProps = {
  form: TSpecialForm;
  set: TSetField;
  errors: TFieldErrors;
  disabled: boolean;
};

/** Name, type, status, group, order, booking window and the description in every UI language. */
export function SpecialBasicsFields({
  form,
  set,
  errors,
  disabled,
  isCreate,
}: TFieldsProps & { isCreate: boolean }) {
  const { t } = useTranslation();
  const groups = useSpecialsGroups();
  const label = (field: string) => t(`specials.fields.${field}`);
  const common = { disabled };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...common}
          label={label('name')}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          required
        />
        <Select
          {...common}
          label={label('type')}
          data={SPECIAL_TYPES.map((v) => ({ value: v, label: t(`specials.types.${v}`) }))}
          value={form.type}
          onChange={(v) => v && set('type', v as TSpecialType)}
          description={t(`specials.typeHints.${form.type}`)}
          allowDeselect={false}
          error={errors.type}
        />
        <Select
          label={label('status')}
          data={PRICE_STATUSES.map((v) => ({ value: v, label: t(`specials.statuses.${v}`) }))}
          value={form.status}
          onChange={(v) => v && set('status', v as TPriceStatus)}
          description={t(isCreate ? 'specials.edit.statusOnCreate' : 'specials.edit.statusHint')}
          disabled={disabled || isCreate}
          allowDeselect={false}
          error={errors.status}
        />
        <Select
          {...common}
          label={label('group')}
          data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={form.groupId || null}
          onChange={(v) => set('groupId', v ?? '')}
          description={t('specials.edit.groupHint')}
          clearable
          searchable
          error={errors.groupId}
        />
        <TextInput
          {...common}
          type="date"
          label={label('dateFrom')}
          value={form.dateFrom}
          onChange={(e) => set('dateFrom', e.currentTarget.value)}
          description={t('specials.edit.windowHint')}
          error={errors.dateFrom}
        />
        <TextInput
          {...common}
          type="date"
          label={label('dateTo')}
          value={form.dateTo}
          onChange={(e) => set('dateTo', e.currentTarget.value)}
          description={t('specials.edit.windowOpenHint')}
          error={errors.dateTo}
        />
        <NumberInput
          {...common}
          label={label('sort')}
          value={form.sort}
          onChange={(v) => set('sort', typeof v === 'number' ? v : 0)}
          description={t('specials.edit.sortHint')}
          allowDecimal={false}
          error={errors.sort}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LANGUAGES.map((lang) => (
          <Textarea
            {...common}
            key={lang}
            lang={lang}
            label={`${label('description')} (${t(`languages.${lang}`)})`}
            value={form.description[lang] ?? ''}
            onChange={(e) => set('description', { ...form.description, [lang]: e.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={8}
            error={lang === LANGUAGES[0] ? errors.description : undefined}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
