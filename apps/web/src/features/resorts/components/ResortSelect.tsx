import { Select } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useResortOptions } from '../api.ts';

/**
 * The resort a screen works on, kept in the URL (`?resort=`) so that a reload or a link keeps it;
 * the first resort is picked when none is given.
 */
export function useChosenResort(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('resort'));
  const choose = (next: number | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === null) out.delete('resort');
        else out.set('resort', String(next));
        return out;
      },
      { replace: true },
    );
  return [Number.isInteger(id) && id > 0 ? id : null, choose];
}

export function ResortSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const options = useResortOptions();
  const first = options.data?.[0]?.value;
  useEffect(() => {
    if (value === null && first) onChange(Number(first));
  }, [value, first, onChange]);
  return (
    <Select
      label={t('resorts.pick.resort')}
      data={options.data ?? []}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('resorts.pick.none')}
      maw={360}
    />
  );
}
