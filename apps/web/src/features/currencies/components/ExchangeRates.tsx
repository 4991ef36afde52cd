import type { TExchangeRate } from '@atoll/domain/currencies';
import { formatRate, invert } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { DataTable, type TColumn } from '../../../components/DataTable.tsx';
import { formatDay } from '../../../components/format.ts';
import { useResourceItem } from '../../../components/resource/api.ts';
import { ResourceForm } from '../../../components/resource/ResourceForm.tsx';
import { useCurrencies } from '../../../components/useReferenceData.ts';
import { rateKeys, useImportRates } from '../api.ts';
import { rateFields, WRITE_SCOPES } from './currencyFields.tsx';
import { RateImportButton, RateImportResult } from './RateImport.tsx';

type TRateRow = TExchangeRate & Record<string, unknown>;

/** Exchange rates with the day they apply from: the list, manual entry and correction, CSV import. */
export function ExchangeRates() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as 'de' | 'en';
  const { user } = useSession();
  const canWrite = hasScope(user?.scopes ?? [], WRITE_SCOPES);
  const inverted = user?.settings.showInvertedCurrencyExchange === true;
  const codes = (useCurrencies().data ?? []).map((c) => ({ value: c.code, label: c.code }));
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const importRates = useImportRates();
  const item = useResourceItem<TRateRow>(
    'exchangerate',
    '/exchangerate',
    typeof open === 'number' ? open : null,
  );
  const can = { create: canWrite, update: canWrite, delete: canWrite };

  const columns: TColumn<TRateRow>[] = [
    { key: 'from', sortable: true },
    { key: 'to', sortable: true },
    { key: 'rate', sortable: true, render: (row) => formatRate(row.rate, lang) },
    ...(inverted ? [{ key: 'inverse', render: (row: TRateRow) => formatRate(invert(row.rate), lang) }] : []),
    { key: 'validFrom', sortable: true, render: (row) => formatDay(row.validFrom, lang) },
    {
      key: 'source',
      sortable: true,
      render: (row) => t(`currencies.rates.sources.${row.source}`, { defaultValue: row.source }),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('currencies.rates.title')}</Title>
        {canWrite && (
          <Group gap="xs">
            <RateImportButton run={importRates} />
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setOpen('new')}>
              {t('currencies.rates.new')}
            </Button>
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('currencies.rates.intro')}
      </Text>
      <RateImportResult run={importRates} />
      <DataTable<TRateRow>
        resource="exchangerate"
        label={t('currencies.rates.title')}
        queryKey={rateKeys.list}
        columns={columns}
        filters={[
          { key: 'from', options: codes },
          { key: 'to', options: codes },
        ]}
        defaultSort="validFrom"
        onRowClick={(row) => setOpen(row.id)}
        minWidth={520}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={
          <Title order={2} size="h3">
            {item.data ? `${item.data.from} → ${item.data.to}` : t('currencies.rates.new')}
          </Title>
        }
      >
        {(open === 'new' || item.data) && (
          <ResourceForm<TRateRow>
            key={item.data?.id ?? 'new'}
            resource="exchangerate"
            path="/exchangerate"
            fields={rateFields(t)}
            {...(open !== 'new' && item.data ? { row: item.data } : {})}
            nameOf={(row) => `${row.from} → ${row.to} (${formatDay(row.validFrom, lang)})`}
            can={can}
            uniqueField="validFrom"
            onOpen={(id) => setOpen(id)}
            onClose={() => setOpen(null)}
          />
        )}
      </Drawer>
    </Stack>
  );
}
