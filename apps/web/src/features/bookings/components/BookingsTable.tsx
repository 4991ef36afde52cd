import type { TBookingSummary } from '@atoll/domain/bookings';
import { formatMoney } from '@atoll/domain/money';
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { BookingStateBadge } from './BookingStateBadge.tsx';
import { shownNumber } from './bookingState.ts';

type TColumn = {
  key: string;
  sortable?: boolean;
  numeric?: boolean;
  render: (row: TBookingSummary) => ReactNode;
};

type TProps = {
  rows: TBookingSummary[];
  /** The table's body when there are no rows (loading, error, empty). */
  message: ReactNode;
  /** The column the list is sorted by, and the direction. */
  order: { sort: string; order: 1 | -1 };
  onSort: (key: string) => void;
  /** The resort's or vessel's name of a row. */
  assetName: (row: TBookingSummary) => string;
  showAgency: boolean;
  isBusy: boolean;
};

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...NO_WRAP, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;
const ARIA_SORT = { 1: 'ascending', '-1': 'descending' } as const;

// A click on a link or button inside a row does its own thing, not the row's.
const isInteractive = (event: MouseEvent) => (event.target as HTMLElement).closest('a, button') !== null;

/** Open todos and a missed due date, as small badges. */
function Flags({ row }: { row: TBookingSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {row.hasOpenTodos && (
        <Badge color="blue" variant="light" radius="sm" size="sm">
          {t('bookings.list.todo')}
        </Badge>
      )}
      {row.hasExceededDueDate && (
        <Badge color="red" variant="light" radius="sm" size="sm">
          {t('bookings.list.overdue')}
        </Badge>
      )}
    </Group>
  );
}

/** The customer and the travellers (an agency booking's placeholder or named guests) beneath, when they differ. */
function guestsOf(row: TBookingSummary) {
  const travellers = row.guestNames && row.guestNames !== row.customerName ? row.guestNames : null;
  return (
    <>
      {row.customerName ?? ''}
      {travellers && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {travellers}
        </Text>
      )}
    </>
  );
}

/** The rows of the booking list; the number links to the booking, and so does a click on the row. */
export function BookingsTable({ rows, message, order, onSort, assetName, showAgency, isBusy }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const location = useLocation();
  // The detail page's way back to this list as it is now (page, sort, filters).
  const linkState = { back: `${location.pathname}${location.search}` };
  const detail = (row: TBookingSummary) => routePath('bookingDetail', { id: row.id });

  const columns: TColumn[] = [
    {
      key: 'number',
      render: (row) => (
        <Anchor component={Link} to={detail(row)} state={linkState} fz="sm" fw={600}>
          {shownNumber(row)}
        </Anchor>
      ),
    },
    {
      key: 'state',
      sortable: true,
      render: (row) => <BookingStateBadge state={row.state} resolved={row.resolved} />,
    },
    { key: 'customerName', sortable: true, render: guestsOf },
    ...(showAgency
      ? [{ key: 'agencyName', sortable: true, render: (row: TBookingSummary) => row.agencyName ?? '' }]
      : []),
    { key: 'asset', render: assetName },
    {
      key: 'from',
      sortable: true,
      render: (row) => `${formatDay(row.from, lang)} – ${formatDay(row.to, lang)}`,
    },
    { key: 'noOfPax', sortable: true, numeric: true, render: (row) => row.noOfPax },
    {
      key: 'total',
      sortable: true,
      numeric: true,
      render: (row) => formatMoney(row.total, row.currency, lang),
    },
    { key: 'flags', render: (row) => <Flags row={row} /> },
  ];

  const header = (column: TColumn) => {
    const text = t(`bookings.fields.${column.key}`);
    const style = column.numeric ? NUMERIC : NO_WRAP;
    if (!column.sortable)
      return (
        <Table.Th key={column.key} style={style}>
          {text}
        </Table.Th>
      );
    const active = order.sort === column.key;
    const Icon = !active ? IconArrowsSort : order.order === 1 ? IconSortAscending : IconSortDescending;
    return (
      <Table.Th key={column.key} aria-sort={active ? ARIA_SORT[order.order] : 'none'} style={style}>
        <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm" display="inline-flex">
          {text}
          <Icon size={16} aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.4 }} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        aria-label={t('bookings.list.title')}
        aria-busy={isBusy}
        highlightOnHover
        verticalSpacing="sm"
        style={{ opacity: isBusy && rows.length ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>{columns.map(header)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text component="div" size="sm">
                  {message}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr
                key={row.id}
                onClick={(event) => !isInteractive(event) && void navigate(detail(row), { state: linkState })}
                style={{ cursor: 'pointer' }}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} style={column.numeric ? NUMERIC : NO_WRAP}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
