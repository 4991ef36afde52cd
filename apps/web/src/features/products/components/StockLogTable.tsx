import { Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import { useStockLog } from '../api.ts';
import { placeName, type TStockPlace } from './stockAssets.ts';

/** The stock changes of one product, newest first, 20 a page. */
export function StockLogTable({ productId, places }: { productId: number; places: readonly TStockPlace[] }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useStockLog(productId, page);
  const rows = log.data?.data ?? [];
  if (log.isSuccess && rows.length === 0) return <Text c="dimmed">{t('products.stock.noLog')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={640} role="region" aria-label={t('products.stock.log')}>
        <Table striped aria-label={t('products.stock.log')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.stock.when')}</Table.Th>
              <Table.Th ta="right">{t('products.stock.changeColumn')}</Table.Th>
              <Table.Th ta="right">{t('products.stock.after')}</Table.Th>
              <Table.Th>{t('products.stock.where')}</Table.Th>
              <Table.Th>{t('products.stock.reason')}</Table.Th>
              <Table.Th>{t('products.stock.booking')}</Table.Th>
              <Table.Th>{t('products.stock.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.createdAt, i18n.language)}</Table.Td>
                <Table.Td ta="right">{e.change}</Table.Td>
                <Table.Td ta="right">{e.stockAfter}</Table.Td>
                <Table.Td>{placeName(t, places, e)}</Table.Td>
                <Table.Td>{t(`products.reasons.${e.reason}`, { defaultValue: e.reason })}</Table.Td>
                <Table.Td>{e.bookingId ?? ''}</Table.Td>
                <Table.Td>{e.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {(log.data?.total ?? 0) > 20 && (
        <Pagination
          total={Math.ceil((log.data?.total ?? 0) / 20)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
    </>
  );
}
