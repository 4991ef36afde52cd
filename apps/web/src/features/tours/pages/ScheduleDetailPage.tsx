import type { TScheduleInfo } from '@atoll/domain/inventory/tours';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconInfoCircle, IconShip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../app/Guarded.tsx';
import { useSession } from '../../../app/session.ts';
import {
  BackLink,
  RecordFailure,
  RecordHeader,
  recordId,
  useBackPath,
} from '../../../components/DetailPage.tsx';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { ScheduleAvailability } from '../../availability/components/ScheduleAvailability.tsx';
import { DeparturePaymentsCard } from '../../payments/components/DeparturePaymentsCard.tsx';
import { useScheduleInfo } from '../api.ts';
import { formatRange } from '../components/format.ts';
import { ScheduleCustomersCard } from '../components/ScheduleCustomersCard.tsx';
import { ScheduleStatusBadge } from '../components/ScheduleStatusBadge.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** /schedule/:schedule: a departure with its tour, vessel, ports, capacity, guests, payments and cabins. */
export default function ScheduleDetailPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const id = recordId(params.schedule);
  const info = useScheduleInfo(id);
  const back = useBackPath(routePath('schedules'));
  const backLink = <BackLink to={back} label={t('tours.detail.backToList')} />;

  if (id === null) return <RecordFailure back={backLink} error={null} />;
  if (info.isPending) return <PageLoader />;
  if (info.error) return <RecordFailure back={backLink} error={info.error} />;
  const { schedule, tour, vessel, capacity }: TScheduleInfo = info.data;
  const field = (key: string) => t(`tours.fields.${key}`);
  const none = t('common.none');

  return (
    <Stack gap="md">
      {backLink}
      <RecordHeader title={`${tour.name} · ${formatRange(schedule.from, schedule.to, i18n.language)}`}>
        <Group gap="xs" mt={4}>
          <ScheduleStatusBadge status={schedule.status} />
          <Text size="sm" c="dimmed">
            {vessel?.name}
          </Text>
        </Group>
      </RecordHeader>
      <Group>
        {hasScope(scopes, ['schedules.update']) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconEdit size={14} aria-hidden />}
            component={Link}
            to={routePath('tourScheduleEdit', { tour: tour.id, schedule: schedule.id })}
          >
            {t('common.edit')}
          </Button>
        )}
        {hasScope(scopes, ['bookings.update']) && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
            component={Link}
            to={routePath('scheduleMoveCabin', { id: schedule.id })}
          >
            {t('tours.detail.moveCabins')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SectionCard title={t('tours.detail.info')} icon={IconInfoCircle}>
          <SimpleGrid cols={2}>
            <Fact label={field('tour')}>{tour.name}</Fact>
            <Fact label={field('vessel')}>{vessel?.name ?? none}</Fact>
            <Fact label={field('dates')}>{formatRange(schedule.from, schedule.to, i18n.language)}</Fact>
            <Fact
              label={`${field('nights')} / ${field('days')}`}
            >{`${info.data.nights} / ${info.data.days}`}</Fact>
            <Fact label={field('embarkPort')}>{info.data.embarkPort?.name ?? none}</Fact>
            <Fact label={field('disembarkPort')}>{info.data.disembarkPort?.name ?? none}</Fact>
            <Fact label={field('isVisible')}>{t(schedule.isVisible ? 'common.yes' : 'common.no')}</Fact>
            {schedule.note && <Fact label={field('note')}>{schedule.note}</Fact>}
          </SimpleGrid>
        </SectionCard>
        <SectionCard title={t('tours.detail.capacity')} icon={IconShip}>
          <SimpleGrid cols={2}>
            <Fact label={`${field('freeCabins')} / ${t('tours.detail.cabins')}`}>
              {capacity ? `${capacity.freeCabins} / ${capacity.cabins}` : none}
            </Fact>
            <Fact label={`${field('freeBerths')} / ${t('tours.detail.berths')}`}>
              {capacity ? `${capacity.freeBerths} / ${capacity.berths}` : none}
            </Fact>
          </SimpleGrid>
        </SectionCard>
      </SimpleGrid>
      {hasScope(scopes, ['customers.read', 'bookings.read']) && (
        <ScheduleCustomersCard scheduleId={schedule.id} />
      )}
      {hasScope(scopes, ['bookingpayment.read', 'bookings.read', 'agencies.self']) && (
        <DeparturePaymentsCard tourId={tour.id} scheduleId={schedule.id} />
      )}
      <ScheduleAvailability scheduleId={schedule.id} />
    </Stack>
  );
}
