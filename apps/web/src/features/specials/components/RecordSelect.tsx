import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_SOURCES, type TRecordKind, useChosenRecords, useRecordOptions } from './useRecordOptions.ts';

type TProps = {
  kind: TRecordKind;
  label: string;
  /** The record id as a string, '' for none. */
  value: string;
  onChange: (id: string) => void;
  /** A JSON list filter, e.g. the departures of one vessel. */
  filter?: Record<string, unknown>;
  /** False: the list is not asked for yet (no vessel chosen). */
  enabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  description?: string;
};

const SEARCH_DEBOUNCE_MS = 300;

/** One record of a kind; agencies and customers are searched on the server as the user types. */
export function RecordSelect({ kind, label, value, onChange, filter, enabled = true, ...rest }: TProps) {
  const { t } = useTranslation();
  const searched = Boolean(RECORD_SOURCES[kind].searched);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useRecordOptions({ kind, search: term, ...(filter ? { filter } : {}), enabled });
  const chosen = useChosenRecords(kind, value ? [value] : []);

  const data = useMemo(() => {
    const options = [...(chosen.data ?? []), ...(found.data ?? [])];
    const unique = new Map(options.map((o) => [o.value, o.label]));
    if (value && !unique.has(value)) unique.set(value, `#${value}`);
    return [...unique].map(([v, l]) => ({ value: v, label: l }));
  }, [chosen.data, found.data, value]);

  return (
    <Select
      {...rest}
      label={label}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable={!rest.required}
      {...(searched
        ? {
            onSearchChange: setSearch,
            // The server already searched; the shown label may not contain the text it matched.
            filter: ({ options }) => options,
          }
        : {})}
      nothingFoundMessage={found.isFetching ? t('app.loading') : t('datatable.noMatch')}
      disabled={!enabled}
    />
  );
}
