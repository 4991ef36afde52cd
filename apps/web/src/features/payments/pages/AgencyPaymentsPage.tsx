import { formatMoney } from '@atoll/domain/money';
import { hasScope } from '@atoll/domain/scopes';
import { Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { formatDay } from '../../../components/format.ts';
import { langOf, todayIso } from '../../../components/pricing/format.ts';
import { OwnerPicker } from '../../credits/components/OwnerPicker.tsx';
import { useAgencyPayments } from '../api.ts';

const monthStart = () => `${todayIso().slice(0, 8)}01`;

/** /agency/payments: an agency's payments between two days; agents see their own agency's, staff choose one. */
export default function AgencyPaymentsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { user } = useSession();
  const isOffice = hasScope(user?.scopes ?? [], ['agencies.read']);
  const [chosen, setChosen] = useState<number | null>(null);
  const agencyId = isOffice ? chosen : (user?.agencyId ?? null);
  const [from, setFrom] = useState(monthStart());
  const [to, setTo] = useState(todayIso());
  const list = useAgencyPayments(agencyId, from, to);
  const rows = list.data ?? [];
  const totals = new Map<string, number>();
  for (const p of rows)
    totals.set(p.currency, (totals.get(p.currency) ?? 0) + Math.round(Number(p.amount) * 100));

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.payments')}</Title>
        <Text c="dimmed" size="sm">
          {t('payments.agency.intro')}
        </Text>
      </div>
      <Group align="flex-end">
        {isOffice && <OwnerPicker kind="agency" onPick={setChosen} />}
        <TextInput
          type="date"
          label={t('payments.agency.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('payments.agency.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={from > to ? t('payments.agency.rangeError') : undefined}
        />
      </Group>
      {agencyId === null ? (
        <Text c="dimmed">{t('payments.agency.pick')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{list.isFetching ? t('app.loading') : t('payments.agency.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.fields.date')}</Table.Th>
                <Table.Th>{t('payments.fields.booking')}</Table.Th>
                <Table.Th>{t('payments.fields.amount')}</Table.Th>
                <Table.Th>{t('payments.fields.method')}</Table.Th>
                <Table.Th>{t('payments.fields.reference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDay(p.date, lang)}</Table.Td>
                  <Table.Td>{p.bookingNo ?? p.bookingId}</Table.Td>
                  <Table.Td>{formatMoney(p.amount, p.currency, lang)}</Table.Td>
                  <Table.Td>{t(`payments.methods.${p.method}`)}</Table.Td>
                  <Table.Td>{p.reference ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {[...totals].map(([currency, cents]) => (
                <Table.Tr key={currency}>
                  <Table.Th colSpan={2}>{t('payments.agency.total')}</Table.Th>
                  <Table.Th colSpan={3}>{formatMoney((cents / 100).toFixed(2), currency, lang)}</Table.Th>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
