import type { TDivePlan, TPlannedDiver } from '@atoll/domain/dive/plan';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TOption } from '../api.ts';
import { Readiness } from './Readiness.tsx';
import { diverKey } from './trip.ts';

type TProps = {
  trip: TDivePlan;
  others: TDivePlan[];
  names: { boats: TOption[]; sites: TOption[]; guides: TOption[] };
  canEdit: boolean;
  canLog: boolean;
  onRemove: (diver: TPlannedDiver) => void;
  onMove: (diver: TPlannedDiver, to: TDivePlan) => void;
  onLog: () => void;
  onDelete: () => void;
};

const nameOf = (options: TOption[], id: number | null) =>
  id === null ? null : (options.find((o) => o.value === String(id))?.label ?? `#${id}`);

/** One trip of the day: boat, site, guides, its divers with their readiness, and what can be done. */
export function TripCard({ trip, others, names, canEdit, canLog, ...on }: TProps) {
  const { t } = useTranslation();
  const title = t('dive.plan.trip', { time: trip.time });
  const isOpen = trip.loggedAt === null;
  const facts = [
    nameOf(names.boats, trip.boatId),
    nameOf(names.sites, trip.siteId),
    trip.guideIds.map((id) => nameOf(names.guides, id)).join(', '),
  ].filter(Boolean);
  return (
    <Card withBorder padding="sm" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {facts.join(' · ')} · {t('dive.plan.divers', { count: trip.divers.length })}
            </Text>
          </div>
          <Group gap={4}>
            {!isOpen && (
              <Badge color="gray" variant="light" c="var(--mantine-color-text)">
                {t('dive.plan.logged')}
              </Badge>
            )}
            {trip.problems.map((p) => (
              <Badge
                key={p}
                color={p === 'notReady' ? 'orange' : 'red'}
                variant="light"
                c="var(--mantine-color-text)"
              >
                {t(`dive.problems.${p}`)}
              </Badge>
            ))}
          </Group>
        </Group>
        {trip.divers.map((d) => (
          <Group key={diverKey(d)} justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{d.name}</Text>
              <Readiness readiness={d.readiness} />
            </Group>
            {canEdit && isOpen && (
              <Group gap={4}>
                {others
                  .filter((o) => o.loggedAt === null)
                  .map((o) => (
                    <Button
                      key={o.id}
                      size="compact-xs"
                      variant="default"
                      onClick={() => on.onMove(d, o)}
                      aria-label={t('dive.plan.moveTo', { name: d.name, time: o.time })}
                    >
                      → {o.time}
                    </Button>
                  ))}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => on.onRemove(d)}
                  aria-label={t('dive.plan.remove', { name: d.name })}
                >
                  ✕
                </Button>
              </Group>
            )}
          </Group>
        ))}
        {isOpen && (canEdit || canLog) && (
          <Group gap="xs">
            {canLog && trip.divers.length > 0 && (
              <Button size="xs" variant="light" onClick={on.onLog}>
                {t('dive.plan.log')}
              </Button>
            )}
            {canEdit && (
              <Button size="xs" variant="subtle" color="red" onClick={on.onDelete}>
                {t('dive.plan.delete', { time: trip.time })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
