import { Group, Pagination, Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type TListState } from './useListState.ts';

type TProps = {
  state: TListState;
  update: (patch: Partial<TListState>) => void;
  total: number;
  /** Rows on the current page. */
  shown: number;
  /** The server counted only up to `total` (`totalCapped` of the list answer). */
  capped?: boolean;
};

export function DataTablePager({ state, update, total, shown, capped = false }: TProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / state.size));
  const from = (state.page - 1) * state.size + 1;

  // Behind the last page (rows deleted, a bookmarked page 9): go to the last one that exists.
  useEffect(() => {
    if (total > 0 && state.page > pages) update({ page: pages });
  }, [total, pages, state.page, update]);

  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t(capped ? 'datatable.rangeCapped' : 'datatable.range', {
            from,
            to: from + Math.max(shown, 1) - 1,
            total,
          })}
        </Text>
        <Select
          aria-label={t('datatable.pageSize')}
          data={PAGE_SIZES.map(String)}
          value={String(state.size)}
          onChange={(value) => value && update({ size: Number(value) })}
          allowDeselect={false}
          w={84}
          size="xs"
        />
      </Group>
      <Pagination
        total={pages}
        value={Math.min(state.page, pages)}
        onChange={(page) => update({ page })}
        size="sm"
        siblings={1}
      />
    </Group>
  );
}
