import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Table,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowsSort, IconDatabaseOff, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ApiError, api } from '../app/api.ts';
import { apiErrorText } from '../app/api-error-text.ts';
import { DataTablePager } from './DataTablePager.tsx';
import { DataTableToolbar, type TListFilter } from './DataTableToolbar.tsx';
import { type TListQuery, type TListState, toListQuery, useListState } from './useListState.ts';

export type { TListFilter } from './DataTableToolbar.tsx';

export type TListAnswer<Row> = {
  data: Row[];
  total: number;
  page: number;
  size: number;
  /** Counted only up to `total`: there are more. */
  totalCapped?: boolean;
};

export type TColumn<Row> = {
  /** Field name: the sort key and, by default, the cell value and `resources.<resource>.fields.<key>`. */
  key: string;
  header?: ReactNode;
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  /** Let long text wrap; cells stay on one line otherwise, and narrow screens scroll the table. */
  wrap?: boolean;
};

type TRowId = { id: number | string };

export type TDataTableProps<Row extends TRowId> = {
  /** Resource name: translation namespace and, unless `path` says otherwise, `GET /api/<resource>`. */
  resource: string;
  path?: string;
  /** The feature's query-key factory, e.g. `userKeys.list`. */
  queryKey: (query: TListQuery) => QueryKey;
  /** Accessible name of the table. */
  label: string;
  columns: TColumn<Row>[];
  filters?: TListFilter[];
  /** Detail route of a row; the row and its first cell lead there. */
  rowLink?: (row: Row) => string | undefined;
  /** Instead of a route, e.g. to open a drawer. */
  onRowClick?: (row: Row) => void;
  /** Buttons beside the CSV export ("New user"). */
  actions?: ReactNode;
  defaultSort?: string;
  /** Below this width the table scrolls horizontally. */
  minWidth?: number;
};

/** A cell whose number, date or amount stays on one line (a table scrolls rather than break it at a hyphen). */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const ARIA_SORT = { 1: 'ascending', '-1': 'descending' } as const;

function filterOf(filters: TListFilter[], values: TListState['filters']) {
  const query: Record<string, unknown> = {};
  for (const f of filters) {
    const value = values[f.key];
    if (value) Object.assign(query, f.toFilter ? f.toFilter(value) : { [f.key]: value });
  }
  return query;
}

// A click on a link, button or field inside a row does its own thing, not the row's.
const isInteractive = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, [role="checkbox"]') !== null;

/** The list of a generic resource (spec platform §7): sorting, search, filters, paging and CSV, all kept in the URL. */
export function DataTable<Row extends TRowId>(props: TDataTableProps<Row>) {
  const { resource, columns, filters = [], rowLink, onRowClick } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The detail page's way back to this list as it is now (page, sort, filters).
  const linkState = { back: `${location.pathname}${location.search}` };
  const path = props.path ?? `/${resource}`;
  const [state, update, reset] = useListState(
    filters.map((f) => f.key),
    props.defaultSort,
  );
  const query = toListQuery(state, filterOf(filters, state.filters));
  const list = useQuery({
    queryKey: props.queryKey(query),
    queryFn: ({ signal }) => api<TListAnswer<Row>>(path, { query, signal, silent: true }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const hasCriteria = Boolean(state.search) || Object.keys(state.filters).length > 0;

  const sortBy = (key: string) =>
    update({ sort: key, order: state.sort === key && state.order === 1 ? -1 : 1, page: 1 });
  const open = (row: Row) => {
    const to = rowLink?.(row);
    if (to) void navigate(to, { state: linkState });
    else onRowClick?.(row);
  };
  const isClickable = Boolean(rowLink || onRowClick);

  const header = (column: TColumn<Row>) => {
    const text = column.header ?? t(`resources.${resource}.fields.${column.key}`);
    if (!column.sortable)
      return (
        <Table.Th key={column.key} w={column.width} style={NO_WRAP}>
          {text}
        </Table.Th>
      );
    const active = state.sort === column.key;
    const Icon = !active ? IconArrowsSort : state.order === 1 ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th
        key={column.key}
        aria-sort={active ? ARIA_SORT[state.order] : 'none'}
        w={column.width}
        style={NO_WRAP}
      >
        <UnstyledButton onClick={() => sortBy(column.key)} fw={700} fz="sm" display="flex">
          {text}
          <Icon size={16} aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.4 }} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  const cell = (row: Row, column: TColumn<Row>, index: number) => {
    const content = column.render
      ? column.render(row)
      : String((row as Record<string, unknown>)[column.key] ?? '');
    if (index > 0 || !isClickable) return content;
    const to = rowLink?.(row);
    return to ? (
      <Anchor component={Link} to={to} state={linkState} fz="sm">
        {content}
      </Anchor>
    ) : (
      <Anchor component="button" type="button" fz="sm" onClick={() => onRowClick?.(row)}>
        {content}
      </Anchor>
    );
  };

  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length}>{content}</Table.Td>
    </Table.Tr>
  );

  const body = () => {
    if (list.isPending)
      return message(
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>,
      );
    if (list.isError && !list.data)
      return message(
        <Alert color="red" title={t('datatable.error')} my="sm">
          <Stack gap="xs" align="flex-start">
            {apiErrorText(list.error as ApiError)}
            <Group gap="xs">
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                {t('datatable.retry')}
              </Button>
              {/* A hand-edited or outdated URL (unknown sort field, bad filter) fails every time. */}
              <Button size="xs" variant="subtle" color="red" onClick={reset}>
                {t('datatable.resetList')}
              </Button>
            </Group>
          </Stack>
        </Alert>,
      );
    if (rows.length === 0)
      return message(
        <EmptyState
          py="xl"
          icon={<IconDatabaseOff size={32} aria-hidden />}
          title={t(hasCriteria ? 'datatable.noMatch' : 'datatable.empty')}
        >
          {hasCriteria && (
            <EmptyState.Actions>
              <Button variant="light" onClick={() => update({ search: '', filters: {} })}>
                {t('datatable.resetFilters')}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>,
      );
    return rows.map((row) => (
      <Table.Tr
        key={row.id}
        onClick={isClickable ? (event) => !isInteractive(event) && open(row) : undefined}
        style={isClickable ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column, index) => (
          <Table.Td key={column.key} style={column.wrap ? undefined : NO_WRAP}>
            {cell(row, column, index)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  };

  return (
    <Stack gap="sm">
      <DataTableToolbar
        resource={resource}
        state={state}
        update={update}
        filters={filters}
        actions={props.actions}
        csvPath={`${path}/listCSV`}
        csvQuery={{ sort: query.sort, order: query.order, search: query.search, filter: query.filter }}
      />
      <Table.ScrollContainer minWidth={props.minWidth ?? 720}>
        <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Table
            aria-label={props.label}
            aria-busy={list.isFetching}
            highlightOnHover={isClickable}
            verticalSpacing="sm"
          >
            <Table.Thead>
              <Table.Tr>{columns.map(header)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body()}</Table.Tbody>
          </Table>
        </Box>
      </Table.ScrollContainer>
      <DataTablePager state={state} update={update} total={total} shown={rows.length} />
    </Stack>
  );
}
