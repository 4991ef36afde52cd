import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_SOURCES, type TRecordKind, useChosenRecords, useRecordOptions } from './useRecordOptions.ts';

type TProps = {
  kind: TRecordKind;
  label: string;
  /** Record ids as strings. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A searchable multiselect of records of one kind (resorts, tours, agencies …). Many-record kinds search
 * on the server as the user types; an id no longer listed stays visible as "#id".
 */
export function RecordMultiSelect({ kind, label, value, onChange, error, disabled }: TProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const searched = Boolean(RECORD_SOURCES[kind].searched);
  const found = useRecordOptions({ kind, search: term });
  const chosen = useChosenRecords(kind, value);

  const data = useMemo(() => {
    const byValue = new Map<string, string>();
    for (const o of [...(chosen.data ?? []), ...(found.data ?? [])]) byValue.set(o.value, o.label);
    for (const id of value) if (!byValue.has(id)) byValue.set(id, `#${id}`);
    return [...byValue].map(([v, l]) => ({ value: v, label: l }));
  }, [chosen.data, found.data, value]);

  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; its answers match by more than the label (e-mail, number).
      {...(searched ? { filter: ({ options }) => options } : {})}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('datatable.noMatch')}
      placeholder={
        value.length === 0 ? t(searched ? 'specials.rules.typeToSearch' : 'specials.rules.pick') : undefined
      }
      error={error}
      disabled={disabled}
      hidePickedOptions
      maxDropdownHeight={260}
    />
  );
}
