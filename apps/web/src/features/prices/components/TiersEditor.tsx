import { NumberInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/fields.tsx';
import { RowList } from './RowList.tsx';

/** A tier as typed: days as a number ('' while empty: the server names the incomplete row), the percent as text. */
type TTierDraft = { daysBefore: number | ''; percent: string };

/** Cancellation tiers (docs/domain/cancellation.md): from so many days before arrival, this percent is due. */
export function TiersEditor({ value, onChange, label, error, disabled }: TFieldProps) {
  const { t } = useTranslation();
  const tiers = (value as TTierDraft[] | null) ?? [];
  const put = (index: number, patch: Partial<TTierDraft>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  return (
    <RowList<TTierDraft>
      title={label}
      hint={t('prices.terms.tiersHint')}
      rows={tiers}
      renderRow={(tier, index) => (
        <>
          <NumberInput
            label={t('prices.terms.daysBefore', { n: index + 1 })}
            value={tier.daysBefore}
            allowDecimal={false}
            min={-365}
            max={3650}
            disabled={disabled}
            onChange={(days) => put(index, { daysBefore: typeof days === 'number' ? days : '' })}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('prices.terms.percent', { n: index + 1 })}
            inputMode="decimal"
            value={tier.percent}
            disabled={disabled}
            onChange={(e) => put(index, { percent: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
        </>
      )}
      removeLabel={(index) => t('prices.terms.removeTier', { n: index + 1 })}
      addLabel={t('prices.terms.addTier')}
      onChange={onChange}
      empty={{ daysBefore: '', percent: '' }}
      error={error}
      disabled={disabled}
    />
  );
}
