import type { TDivePlan, TPlannedDiver } from '@atoll/domain/dive/plan';
import { hasScope } from '@atoll/domain/scopes';
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../app/messages.ts';
import { useSession } from '../../../app/session.ts';
import { todayIso } from '../../../components/pricing/format.ts';
import { openPdf } from '../../vessels/openPdf.ts';
import { useDayDivers, useDayPlans, useDiveOptions, usePlanWrites } from '../api.ts';
import { DayGuestForm } from '../components/DayGuestForm.tsx';
import { NewTripForm } from '../components/NewTripForm.tsx';
import { Readiness } from '../components/Readiness.tsx';
import { TripCard } from '../components/TripCard.tsx';
import { diverKey, sameDiver, withDiver, withoutDiver } from '../components/trip.ts';

/** /dive/plan: the trips of a day; divers are added, moved and removed with buttons. */
export default function DivePlanPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const scopes = user?.scopes ?? [];
  const canEdit = hasScope(scopes, ['diveplan.update']);
  const canLog = canEdit && hasScope(scopes, ['divelog.create']);
  const [date, setDate] = useState(todayIso());
  const trips = useDayPlans(date).data ?? [];
  const divers = useDayDivers(date).data ?? [];
  const writes = usePlanWrites(date);
  const options = {
    boats: useDiveOptions('diveboat').data ?? [],
    sites: useDiveOptions('divesite').data ?? [],
    types: useDiveOptions('divetype').data ?? [],
    guides: useDiveOptions('employee', { role: { $in: ['guide', 'instructor'] } }).data ?? [],
  };
  const setDivers = (trip: TDivePlan, body: unknown[]) =>
    writes.save.mutateAsync({ id: trip.id, body: { divers: body } });
  const move = async (diver: TPlannedDiver, from: TDivePlan, to: TDivePlan) => {
    await setDivers(to, withDiver(to, diver));
    await setDivers(from, withoutDiver(from, diver));
  };
  const planned = (d: TPlannedDiver) => trips.some((trip) => trip.divers.some((x) => sameDiver(x, d)));
  const open = trips.filter((trip) => trip.loggedAt === null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.divePlan')}</Title>
        <Text c="dimmed" size="sm">
          {t('dive.plan.intro')}
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('dive.plan.date')}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          disabled={trips.length === 0}
          onClick={() =>
            void openPdf('/diveplan/print/boatList', {}, `boat-list-${date}.pdf`, {
              date,
              lang: i18n.language,
            })
          }
        >
          {t('dive.plan.print')}
        </Button>
      </Group>
      {canEdit && (
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            {t('dive.plan.newTrip')}
          </Text>
          <NewTripForm
            options={options}
            isSaving={writes.save.isPending}
            onAdd={(body) => writes.save.mutate({ body: { ...body, date } })}
          />
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="sm">
          {trips.length === 0 && <Text c="dimmed">{t('dive.plan.noTrips')}</Text>}
          {trips.map((trip) => (
            <TripCard
              key={trip.id}
              trip={trip}
              others={trips.filter((o) => o.id !== trip.id)}
              names={options}
              canEdit={canEdit}
              canLog={canLog}
              onRemove={(d) => void setDivers(trip, withoutDiver(trip, d))}
              onMove={(d, to) => void move(d, trip, to)}
              onDelete={() => writes.remove.mutate(trip.id)}
              onLog={() =>
                writes.log.mutate(trip.id, {
                  onSuccess: (r) =>
                    showSuccess(
                      [
                        t('dive.plan.loggedCount', { count: r.logged }),
                        r.charged ? t('dive.plan.chargedCount', { count: r.charged }) : '',
                        r.unchargedBookings.length
                          ? t('dive.plan.uncharged', { ids: r.unchargedBookings.join(', ') })
                          : '',
                      ]
                        .filter(Boolean)
                        .join(' '),
                    ),
                })
              }
            />
          ))}
        </Stack>
        <Card withBorder padding="sm">
          <Text fw={600} mb="xs">
            {t('dive.plan.candidates')}
          </Text>
          <Stack gap="xs">
            {divers.length === 0 && (
              <Text c="dimmed" size="sm">
                {t('dive.plan.noCandidates')}
              </Text>
            )}
            {divers.map((d) => (
              <Group key={diverKey(d)} justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">{d.name}</Text>
                  <Readiness readiness={d.readiness} />
                </Group>
                {planned(d) ? (
                  <Text size="xs" c="dimmed">
                    {t('dive.plan.onTrip')}
                  </Text>
                ) : (
                  canEdit && (
                    <Group gap={4}>
                      {open.map((trip) => (
                        <Button
                          key={trip.id}
                          size="compact-xs"
                          variant="light"
                          aria-label={t('dive.plan.addTo', { name: d.name, time: trip.time })}
                          onClick={() => void setDivers(trip, withDiver(trip, d))}
                        >
                          + {trip.time}
                        </Button>
                      ))}
                    </Group>
                  )
                )}
              </Group>
            ))}
          </Stack>
          {canEdit && (
            <Stack gap="xs" mt="md">
              <Text fw={600} size="sm">
                {t('dive.plan.dayGuest')}
              </Text>
              <DayGuestForm
                isSaving={writes.addGuest.isPending}
                onAdd={(body) => writes.addGuest.mutate({ ...body, date })}
              />
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
