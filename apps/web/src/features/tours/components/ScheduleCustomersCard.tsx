import { Alert, Anchor, Loader, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { formatDay } from '../../../components/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useCountryName } from '../../../components/useReferenceData.ts';
import { BookingStateBadge } from '../../bookings/components/BookingStateBadge.tsx';
import { useScheduleCustomers } from '../api.ts';

/** The persons held on a departure, cabin by cabin and bed by bed. */
export function ScheduleCustomersCard({ scheduleId }: { scheduleId: number }) {
  const { t, i18n } = useTranslation();
  const customers = useScheduleCustomers(scheduleId);
  const country = useCountryName();
  const label = (key: string) => t(`tours.detail.${key}`);

  const body = () => {
    if (customers.isPending) return <Loader size="sm" />;
    if (customers.error) return <Alert color="red">{apiErrorText(customers.error as ApiError)}</Alert>;
    if (customers.data.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {label('noCustomers')}
        </Text>
      );
    return (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={label('customers')}>
          <Table.Thead>
            <Table.Tr>
              {['cabin', 'bed', 'name', 'gender', 'nationality', 'birthday', 'booking', 'state'].map(
                (key) => (
                  <Table.Th key={key}>{label(key)}</Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customers.data.map((c) => (
              <Table.Tr key={`${c.roomId}-${c.unit}-${c.bookingId}-${c.customerId}`}>
                <Table.Td>{c.roomName}</Table.Td>
                <Table.Td>{c.unit || t('common.none')}</Table.Td>
                <Table.Td>{c.name ?? t('common.none')}</Table.Td>
                <Table.Td>{t(`customers.genders.${c.gender}`)}</Table.Td>
                <Table.Td>{country(c.nationality)}</Table.Td>
                <Table.Td>{formatDay(c.birthday, i18n.language)}</Table.Td>
                <Table.Td>
                  {c.bookingId !== null && (
                    <Anchor component={Link} to={routePath('bookingDetail', { id: c.bookingId })} fz="sm">
                      {c.bookingNo ?? `#${c.bookingId}`}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  <BookingStateBadge state={c.state} resolved={c.resolved} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };
  return (
    <SectionCard title={label('customers')} icon={IconUsers}>
      {body()}
    </SectionCard>
  );
}
