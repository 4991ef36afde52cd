import { formatMoney } from '@atoll/domain/money';
import type { TPosTab } from '@atoll/domain/onsite/pos';
import { Card, Group, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { posKeys, usePosStats } from '../api.ts';

type TSum = { currency: string; amount: string; count?: number };

function SumTable({ title, rows }: { title: string; rows: (TSum & { label: string })[] }) {
  const lang = currentLanguage();
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <Table aria-label={title}>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.label}-${r.currency}`}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td ta="right">{r.count ?? ''}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.amount, r.currency, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** /pos/list: the day's figures (by payment method, category and cashier; cash expected) and every tab. */
export default function PosListPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState(() => new Date().toLocaleDateString('en-CA'));
  const [counted, setCounted] = useState('');
  // Only a well-formed amount goes to the server (the field may hold a half-typed one).
  const stats = usePosStats(day, day, /^\d{1,10}(\.\d{1,2})?$/.test(counted) ? counted : undefined).data;
  const cash = stats?.cash;
  const cashCurrency = cash?.expected[0]?.currency ?? stats?.sales[0]?.currency ?? 'EUR';
  const none = t('pos.list.none');
  return (
    <Stack>
      <PageHeader title={t('routes.posList')} intro={t('pos.list.intro')} />
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('pos.list.day')}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          w={200}
        />
        <TextInput
          label={t('pos.list.cashCounted')}
          inputMode="decimal"
          placeholder="0.00"
          value={counted}
          onChange={(e) => setCounted(e.currentTarget.value.replace(',', '.').trim())}
          w={200}
        />
      </Group>
      {stats && (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }}>
          <SumTable
            title={t('pos.list.sales')}
            rows={stats.sales.map((s) => ({ ...s, label: t('pos.list.total') }))}
          />
          <SumTable
            title={t('pos.list.byMethod')}
            rows={stats.byMethod.map((s) => ({
              ...s,
              label: t(`pos.counter.methods.${s.method}`, { defaultValue: s.method }),
            }))}
          />
          <SumTable
            title={t('pos.list.byCategory')}
            rows={stats.byCategory.map((s) => ({ ...s, label: s.category ?? none }))}
          />
          <SumTable
            title={t('pos.list.byCashier')}
            rows={stats.byCashier.map((s) => ({ ...s, label: s.cashier ?? none }))}
          />
          <SumTable
            title={t('pos.list.cashExpected')}
            rows={[
              ...stats.cash.expected.map((s) => ({ ...s, label: t('pos.counter.methods.cash') })),
              ...(cash?.counted != null
                ? [{ currency: cashCurrency, amount: cash.counted, label: t('pos.list.cashCounted') }]
                : []),
              ...(cash?.difference != null
                ? [{ currency: cashCurrency, amount: cash.difference, label: t('pos.list.cashDifference') }]
                : []),
            ]}
          />
        </SimpleGrid>
      )}
      <DataTable<TPosTab>
        resource="pos"
        queryKey={posKeys.list}
        label={t('routes.posList')}
        defaultSort="createdAt"
        columns={[
          { key: 'id', sortable: true },
          { key: 'name', sortable: true },
          {
            key: 'state',
            sortable: true,
            render: (row) => t(`pos.states.${row.state}`, { defaultValue: row.state }),
          },
          { key: 'bookingId', sortable: true },
          {
            key: 'createdAt',
            sortable: true,
            render: (row) => new Date(row.createdAt).toLocaleString(currentLanguage()),
          },
        ]}
      />
    </Stack>
  );
}
