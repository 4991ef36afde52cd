import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePayerSearch } from '../api.ts';

type TProps = { kind: 'customer' | 'agency'; value: number | null; onChange: (id: number | null) => void };

/** Finds the customer or agency whose credit receives (part of) a bank entry. */
export function PayerPicker({ kind, value, onChange }: TProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const payers = usePayerSearch(kind, debounced);
  return (
    <Select
      label={t(`banks.assign.${kind}`)}
      placeholder={t('banks.assign.payerHint')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the choices are what it found.
      filter={({ options }) => options}
      data={payers.data ?? []}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('banks.assign.noPayer')}
    />
  );
}
