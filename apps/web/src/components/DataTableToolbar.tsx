import { Button, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApiOptions } from '../app/api.ts';
import { downloadFile } from './downloadFile.ts';
import type { TListState } from './useListState.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** A simple list filter: one choice that becomes part of the JSON `filter` query. */
export type TListFilter = {
  key: string;
  /** Default: `resources.<resource>.fields.<key>`. */
  label?: string;
  options: { value: string; label: string }[];
  /** Default `{ [key]: value }`, e.g. `{"userType":"agency"}`. */
  toFilter?: (value: string) => Record<string, unknown>;
};

type TProps = {
  resource: string;
  state: TListState;
  update: (patch: Partial<TListState>) => void;
  filters: TListFilter[];
  actions: ReactNode;
  csvPath: string;
  csvQuery: TApiOptions['query'];
};

export function DataTableToolbar({ resource, state, update, filters, actions, csvPath, csvQuery }: TProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(state.search);
  const [exporting, setExporting] = useState(false);
  const commit = useDebouncedCallback((value: string) => update({ search: value }), SEARCH_DEBOUNCE_MS);

  // The URL may change underneath (Back, "reset filters"): show what it says.
  useEffect(() => {
    if (!commit.isPending()) setText(state.search);
  }, [state.search, commit.isPending]);

  const exportCsv = async () => {
    setExporting(true);
    await downloadFile(csvPath, csvQuery, `${resource}.csv`);
    setExporting(false);
  };

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        type="search"
        aria-label={t('datatable.search')}
        placeholder={t('datatable.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={t('datatable.clearSearch')}
              onClick={() => {
                commit.cancel();
                setText('');
                update({ search: '' });
              }}
            />
          ) : null
        }
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => event.key === 'Enter' && commit.flush()}
        style={{ flex: '1 1 220px', maxWidth: 360 }}
      />
      {filters.map((filter) => (
        <Select
          key={filter.key}
          aria-label={filter.label ?? t(`resources.${resource}.fields.${filter.key}`)}
          placeholder={filter.label ?? t(`resources.${resource}.fields.${filter.key}`)}
          data={filter.options}
          value={state.filters[filter.key] ?? null}
          onChange={(value) => update({ filters: { ...state.filters, [filter.key]: value ?? '' } })}
          clearable
          style={{ flex: '0 1 180px' }}
        />
      ))}
      <Group gap="sm" ml="auto" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {t('datatable.csv')}
        </Button>
        {actions}
      </Group>
    </Group>
  );
}
