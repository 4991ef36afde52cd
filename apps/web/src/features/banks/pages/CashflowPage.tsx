import { formatMoney } from '@atoll/domain/money';
import { Alert, Center, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import { useCashflow } from '../api.ts';
import { BankSelect } from '../components/BankSelect.tsx';
import { CashflowChart } from '../components/CashflowChart.tsx';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function lastYear() {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 1));
  return { from: isoDay(from), to: isoDay(now) };
}

/** /bank/cashflow: in, out and balance per month of one account or all of a currency. */
export default function CashflowPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [bankId, setBankId] = useState<number | null>(null);
  const [range, setRange] = useState(lastYear);
  const flow = useCashflow({ bankId: bankId ?? undefined, ...range });
  const money = (v: string) => formatMoney(v, flow.data?.currency ?? 'EUR', lang);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.cashflow')}</Title>
        <Text c="dimmed" size="sm">
          {t('banks.cashflow.intro')}
        </Text>
      </div>
      <Group align="flex-end">
        <BankSelect value={bankId} onChange={setBankId} allowAll />
        <TextInput
          type="date"
          label={t('banks.entries.from')}
          value={range.from}
          onChange={(e) => e.currentTarget.value && setRange({ ...range, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('banks.entries.to')}
          value={range.to}
          onChange={(e) => e.currentTarget.value && setRange({ ...range, to: e.currentTarget.value })}
        />
      </Group>
      {flow.isPending && (
        <Center py="xl">
          <Loader aria-label={t('datatable.loading')} />
        </Center>
      )}
      {flow.isError && (
        <Alert color="red">
          {flow.error instanceof ApiError ? apiErrorText(flow.error) : t('datatable.error')}
        </Alert>
      )}
      {flow.data && (
        <>
          <Text size="sm">
            {t('banks.cashflow.summary', {
              opening: money(flow.data.opening),
              closing: money(flow.data.closing),
            })}
          </Text>
          <CashflowChart data={flow.data} />
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label={t('banks.cashflow.table')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('banks.cashflow.month')}</Table.Th>
                  <Table.Th ta="right">{t('banks.cashflow.in')}</Table.Th>
                  <Table.Th ta="right">{t('banks.cashflow.out')}</Table.Th>
                  <Table.Th ta="right">{t('banks.cashflow.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flow.data.periods.map((p) => (
                  <Table.Tr key={p.period}>
                    <Table.Td>{p.period.slice(0, 7)}</Table.Td>
                    <Table.Td ta="right">{money(p.in)}</Table.Td>
                    <Table.Td ta="right">{money(p.out)}</Table.Td>
                    <Table.Td ta="right">{money(p.balance)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
