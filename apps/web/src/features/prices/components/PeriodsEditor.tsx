import type { TPeriod } from '@atoll/domain/pricing/entities';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowList } from './RowList.tsx';

type TProps = {
  value: TPeriod[];
  onChange: (periods: TPeriod[]) => void;
  error?: string | undefined;
  disabled: boolean;
};

/** Sub-periods within the valid range; a night must lie in one of them (docs/domain/prices.md). */
export function PeriodsEditor({ value, onChange, error, disabled }: TProps) {
  const { t } = useTranslation();
  const put = (index: number, patch: Partial<TPeriod>) =>
    onChange(value.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const date = (period: TPeriod, index: number, end: 'from' | 'to') => (
    <TextInput
      type="date"
      label={t(`prices.periods.${end}`, { n: index + 1 })}
      value={period[end]}
      disabled={disabled}
      onChange={(e) => put(index, { [end]: e.currentTarget.value })}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
  return (
    <RowList<TPeriod>
      title={t('prices.periods.title')}
      hint={t('prices.periods.hint')}
      rows={value}
      renderRow={(period, index) => (
        <>
          {date(period, index, 'from')}
          {date(period, index, 'to')}
        </>
      )}
      removeLabel={(index) => t('prices.periods.remove', { n: index + 1 })}
      addLabel={t('prices.periods.add')}
      onChange={onChange}
      empty={{ from: '', to: '' }}
      error={error}
      disabled={disabled}
    />
  );
}
