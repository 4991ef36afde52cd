import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/DataTableToolbar.tsx';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';
import { useOwnerSearch } from '../../credits/api.ts';
import { useCustomerName } from '../api.ts';

/** A customer found by name (the credits' customer search); the stored one shows its name. */
export function CustomerField(props: TFieldProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useOwnerSearch('customer', debounced).data ?? [];
  const value = typeof props.value === 'number' ? String(props.value) : null;
  const stored = useCustomerName(typeof props.value === 'number' ? props.value : null).data;
  const [chosen, setChosen] = useState<{ value: string; label: string }[]>([]);
  const current = chosen.length > 0 ? chosen : value && stored ? [{ value, label: stored }] : [];
  const options = [...current, ...found.filter((o) => !current.some((c) => c.value === o.value))];
  return (
    <Select
      label={props.label}
      placeholder={t('referrals.form.customerSearch')}
      error={props.error}
      required={props.required}
      disabled={props.disabled}
      searchable
      clearable={!props.required}
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the choices are what it found.
      filter={({ options: all }) => all}
      data={options}
      value={value}
      nothingFoundMessage={t('datatable.noMatch')}
      onChange={(next, option) => {
        setChosen(option ? [option] : []);
        props.onChange(next === null ? null : Number(next));
      }}
    />
  );
}
