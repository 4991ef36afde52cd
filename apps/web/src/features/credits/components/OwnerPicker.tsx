import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/DataTableToolbar.tsx';
import { type TOwnerKind, useOwnerSearch } from '../api.ts';

/** Finds a customer or an agency by name, to open its ledger even before it has an entry. */
export function OwnerPicker({ kind, onPick }: { kind: TOwnerKind; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const owners = useOwnerSearch(kind, debounced);
  return (
    <Select
      label={t(`credits.${kind}.pick`)}
      placeholder={t('credits.pickHint')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the choices are what it found.
      filter={({ options }) => options}
      data={owners.data ?? []}
      nothingFoundMessage={owners.isFetching ? t('app.loading') : t('datatable.noMatch')}
      onChange={(value) => value && onPick(Number(value))}
      data-autofocus
    />
  );
}
