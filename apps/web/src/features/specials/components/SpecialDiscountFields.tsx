import {
  DISCOUNT_KINDS,
  SCOPE_UNITS,
  SPECIAL_TARGETS,
  type TDiscountKind,
  type TScopeUnit,
  type TSpecialTarget,
} from '@atoll/domain/pricing/entities';
import { Alert, Group, NumberInput, Radio, Select, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFieldsProps } from './SpecialBasicsFields.tsx';
import { hasTargetIds } from './specialForm.ts';

const PERCENT_KINDS: readonly TDiscountKind[] = ['PerCent', 'Lowest'];

/** The commission special's only figure: the percent an agency earns when its rules match. */
function CommissionValue({ form, set, errors, disabled }: TFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('specials.edit.commissionExplain')}
      </Alert>
      <NumberInput
        label={t('specials.fields.commissionPercent')}
        value={form.discountValue}
        onChange={(v) => set('discountValue', String(v))}
        suffix=" %"
        min={0}
        max={100}
        decimalScale={2}
        allowNegative={false}
        error={errors.discountValue}
        disabled={disabled}
        maw={260}
      />
    </Stack>
  );
}

/**
 * How a special changes the price: the kind of discount with a sentence explaining it, its value,
 * reduction or surcharge, the base it acts on (target, optionally limited to product ids) and the unit.
 */
export function SpecialDiscountFields(props: TFieldsProps) {
  const { form, set, errors, disabled } = props;
  const { t } = useTranslation();
  if (form.type === 'AgencyCommission') return <CommissionValue {...props} />;
  const label = (field: string) => t(`specials.fields.${field}`);
  const options = (values: readonly string[], ns: string) =>
    values.map((v) => ({ value: v, label: t(`specials.${ns}.${v}`) }));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={label('discount')}
          data={DISCOUNT_KINDS.map((k) => ({ value: k, label: t(`specials.discountKinds.${k}.label`) }))}
          value={form.discount}
          onChange={(v) => v && set('discount', v as TDiscountKind)}
          allowDeselect={false}
          error={errors.discount}
          disabled={disabled}
        />
        <NumberInput
          label={label('discountValue')}
          value={form.discountValue}
          onChange={(v) => set('discountValue', String(v))}
          suffix={PERCENT_KINDS.includes(form.discount) ? ' %' : undefined}
          min={0}
          decimalScale={2}
          allowNegative={false}
          error={errors.discountValue}
          disabled={disabled}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(`specials.discountKinds.${form.discount}.explain`)}
      </Text>
      <Radio.Group
        label={label('reduce')}
        value={form.reduce ? 'reduce' : 'surcharge'}
        onChange={(v) => set('reduce', v === 'reduce')}
        error={errors.reduce}
      >
        <Group gap="lg" mt={4}>
          <Radio value="reduce" label={t('specials.edit.reduction')} disabled={disabled} />
          <Radio value="surcharge" label={t('specials.edit.surcharge')} disabled={disabled} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={label('target')}
          data={options(SPECIAL_TARGETS, 'targets')}
          value={form.target}
          onChange={(v) => v && set('target', v as TSpecialTarget)}
          description={t(`specials.targetHints.${form.target}`)}
          allowDeselect={false}
          error={errors.target}
          disabled={disabled}
        />
        <Select
          label={label('scopeUnit')}
          data={options(SCOPE_UNITS, 'scopeUnits')}
          value={form.scopeUnit}
          onChange={(v) => v && set('scopeUnit', v as TScopeUnit)}
          description={t(`specials.scopeHints.${form.scopeUnit}`)}
          allowDeselect={false}
          error={errors.scopeUnit}
          disabled={disabled}
        />
        {hasTargetIds(form.target) && (
          <TagsInput
            label={t(
              form.target === 'Product' ? 'specials.fields.productIds' : 'specials.fields.categoryIds',
            )}
            description={t('specials.edit.targetIdsHint')}
            value={form.targetIds}
            onChange={(ids) =>
              set(
                'targetIds',
                ids.filter((id) => /^\d+$/.test(id.trim())).map((id) => id.trim()),
              )
            }
            splitChars={[',', ' ', ';']}
            clearable
            error={errors.targetIds}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
