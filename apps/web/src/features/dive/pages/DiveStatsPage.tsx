import { Card, Group, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/pricing/format.ts';
import { useDiveStatistics } from '../api.ts';

type TBar = { key: string; label: string; dives: number };

function Bars({ title, bars }: { title: string; bars: TBar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.dives));
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={6}>
        {bars.map((b) => (
          <div key={b.key}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{b.label}</Text>
              <Text size="sm">{b.dives}</Text>
            </Group>
            <Progress value={(100 * b.dives) / max} aria-label={`${b.label}: ${b.dives}`} />
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** /stats/dive: dives of a period per day, site, guide and nationality. */
export default function DiveStatsPage() {
  const { t } = useTranslation();
  const today = todayIso();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const stats = useDiveStatistics(from, to).data;
  const unknown = t('dive.stats.unknown');
  const named = (rows: { id: number | null; name: string; dives: number }[]) =>
    rows.map((r) => ({ key: String(r.id), label: r.name || unknown, dives: r.dives }));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('routes.statsDive')}</Title>
        <Text c="dimmed" size="sm">
          {t('dive.stats.intro')}
        </Text>
      </div>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label={t('dive.stats.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('dive.stats.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Group>
      {stats && stats.dives === 0 && <Text c="dimmed">{t('dive.stats.none')}</Text>}
      {stats && stats.dives > 0 && (
        <>
          <Text fw={600}>
            {t('dive.stats.dives', { count: stats.dives })} ·{' '}
            {t('dive.stats.divers', { count: stats.divers })}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Bars
              title={t('dive.stats.perDay')}
              bars={stats.perDay.map((d) => ({ key: d.date, label: d.date, dives: d.dives }))}
            />
            <Bars title={t('dive.stats.perSite')} bars={named(stats.perSite)} />
            <Bars title={t('dive.stats.perGuide')} bars={named(stats.perGuide)} />
            <Bars
              title={t('dive.stats.perNationality')}
              bars={stats.perNationality.map((n) => ({
                key: n.nationality,
                label: n.nationality || unknown,
                dives: n.dives,
              }))}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
