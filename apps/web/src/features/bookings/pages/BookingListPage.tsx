import type { TBookingSummary } from '@atoll/domain/bookings';
import { hasScope } from '@atoll/domain/scopes';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Title } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useSession } from '../../../app/session.ts';
import { DataTablePager } from '../../../components/DataTablePager.tsx';
import { DataTableToolbar } from '../../../components/DataTableToolbar.tsx';
import { useListState } from '../../../components/useListState.ts';
import { useAgencyOptions, useAssetOptions, useBookings } from '../api.ts';
import { BookingFilters } from '../components/BookingFilters.tsx';
import { BookingImport } from '../components/BookingImport.tsx';
import { BookingsTable } from '../components/BookingsTable.tsx';
import {
  LATEST_FIRST,
  LIST_FILTER_KEYS,
  listOrder,
  toBookingFilter,
  toBookingQuery,
} from '../components/bookingList.ts';
import { SavedFilters } from '../components/SavedFilters.tsx';

/**
 * /booking/list: bookings with their state, guest, agency, asset, dates, pax and total; filters, search,
 * order and page live in the URL, so a saved link opens the same list. Agents see their agency's only
 * (the server decides) and no agency filter.
 */
export default function BookingListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const isStaff = hasScope(scopes, ['bookings.read']);
  const [state, update, reset] = useListState(LIST_FILTER_KEYS, LATEST_FIRST);
  const list = useBookings(toBookingQuery(state));
  const { resorts, vessels } = useAssetOptions({
    resorts: hasScope(scopes, ['resort.read']),
    vessels: hasScope(scopes, ['vessel.read']),
  });
  const agencies = useAgencyOptions(isStaff && hasScope(scopes, ['agencies.read']));
  const rows = list.data?.data ?? [];
  const hasCriteria = Boolean(state.search) || Object.keys(state.filters).length > 0;

  const assetName = (row: TBookingSummary) => row.assetName ?? '';
  const order = listOrder(state);
  const sortBy = (key: string) =>
    update({ sort: key, order: order.sort === key && order.order === 1 ? -1 : 1, page: 1 });

  const message = () => {
    if (list.isPending)
      return (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      );
    if (list.isError)
      return (
        <Alert color="red" title={t('datatable.error')} my="sm">
          <Stack gap="xs" align="flex-start">
            {apiErrorText(list.error as ApiError)}
            <Group gap="xs">
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                {t('datatable.retry')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={reset}>
                {t('datatable.resetList')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    return (
      <EmptyState
        py="xl"
        icon={<IconDatabaseOff size={32} aria-hidden />}
        title={t(hasCriteria ? 'datatable.noMatch' : 'bookings.list.empty')}
      >
        {hasCriteria && (
          <EmptyState.Actions>
            <Button variant="light" onClick={() => update({ search: '', filters: {} })}>
              {t('datatable.resetFilters')}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{t('bookings.list.title')}</Title>
        <SavedFilters />
      </Group>
      <BookingFilters
        filters={state.filters}
        onChange={(patch) => update({ filters: { ...state.filters, ...patch } })}
        resorts={resorts}
        vessels={vessels}
        agencies={isStaff ? (agencies.data ?? []) : null}
      />
      <DataTableToolbar
        resource="bookings"
        state={state}
        update={update}
        filters={[]}
        actions={hasScope(scopes, ['bookings.create']) ? <BookingImport /> : null}
        csvPath="/bookings/csvExport"
        csvQuery={{ ...toBookingFilter(state) }}
      />
      <BookingsTable
        rows={list.isError ? [] : rows}
        message={message()}
        order={order}
        onSort={sortBy}
        assetName={assetName}
        showAgency={isStaff}
        isBusy={list.isFetching}
      />
      <DataTablePager
        state={state}
        update={update}
        total={list.data?.total ?? 0}
        capped={list.data?.totalCapped}
        shown={rows.length}
      />
    </Stack>
  );
}
