import { Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/pricing/format.ts';
import { useDiveOverview } from '../api.ts';

/** /dive/overview: the guests in house on a day with their expected and logged dives. */
export default function DiveOverviewPage() {
  const { t } = useTranslation();
  const [date, setDate] = useState(todayIso());
  const guests = useDiveOverview(date).data?.guests ?? [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.diveOverview')}</Title>
        <Text c="dimmed" size="sm">
          {t('dive.overview.intro')}
        </Text>
      </div>
      <TextInput
        type="date"
        label={t('dive.plan.date')}
        value={date}
        w={200}
        onChange={(e) => setDate(e.currentTarget.value)}
      />
      {guests.length === 0 ? (
        <Text c="dimmed">{t('dive.overview.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('routes.diveOverview')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dive.overview.guest')}</Table.Th>
                <Table.Th>{t('dive.overview.stay')}</Table.Th>
                <Table.Th>{t('dive.overview.diveDays')}</Table.Th>
                <Table.Th>{t('dive.overview.expected')}</Table.Th>
                <Table.Th>{t('dive.overview.logged')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {guests.map((g) => (
                <Table.Tr key={`${g.bookingId}-${g.customerId}`}>
                  <Table.Td>{g.name}</Table.Td>
                  <Table.Td>{`${g.from} – ${g.to}`}</Table.Td>
                  <Table.Td>{`${g.diveDays} / ${g.expectedDiveDays}`}</Table.Td>
                  <Table.Td>{g.expectedDives}</Table.Td>
                  <Table.Td>{g.dives}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
