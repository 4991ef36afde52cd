import type { TDeparture } from '@atoll/domain/inventory/tours';
import { Alert, Anchor, ColorSwatch, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../../components/routePath.ts';
import { useCapacities } from '../api.ts';
import { formatRange } from './format.ts';
import { ScheduleStatusBadge } from './ScheduleStatusBadge.tsx';

const NUMERIC = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Departures with their free cabins and berths (once the engine answers); each leads to its page. */
export function DeparturesTable({ rows, isError }: { rows: TDeparture[]; isError: boolean }) {
  const { t, i18n } = useTranslation();
  const capacities = useCapacities(rows.map((r) => r.id));
  const label = (field: string) => t(`tours.fields.${field}`);

  // Cancelled departures sell nothing; one missing from the engine's answer is full.
  const free = (row: TDeparture, key: 'freeCabins' | 'freeBerths') => {
    if (row.status === 'cancelled' || !capacities.data) return '';
    return String(capacities.data.get(row.id)?.[key] ?? 0);
  };

  if (isError) return <Alert color="red">{t('tours.schedules.loadError')}</Alert>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('tours.schedules.title')} highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label('dates')}</Table.Th>
            <Table.Th>{label('tour')}</Table.Th>
            <Table.Th>{label('vessel')}</Table.Th>
            <Table.Th style={NUMERIC}>{label('nights')}</Table.Th>
            <Table.Th>{label('status')}</Table.Th>
            <Table.Th style={NUMERIC}>{label('freeCabins')}</Table.Th>
            <Table.Th style={NUMERIC}>{label('freeBerths')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" size="sm" py="md">
                  {t('tours.schedules.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={routePath('scheduleDetail', { schedule: row.id })} fz="sm">
                  {formatRange(row.from, row.to, i18n.language)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {row.color && <ColorSwatch color={row.color} size={12} aria-hidden />}
                  {row.tourName}
                </Group>
              </Table.Td>
              <Table.Td>{row.vesselName}</Table.Td>
              <Table.Td style={NUMERIC}>{row.nights}</Table.Td>
              <Table.Td miw={120}>
                <ScheduleStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td style={NUMERIC}>{free(row, 'freeCabins')}</Table.Td>
              <Table.Td style={NUMERIC}>{free(row, 'freeBerths')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
