import {
  Alert,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { todayIso } from '../../../components/pricing/format.ts';
import { useWidgetStats, useWidgets } from '../api.ts';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const percent = (fraction: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(fraction * 100);

/** /widget-admin/stats: the funnel views → searches → bookings of one widget over a period. */
export default function WidgetStatsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const widgets = useWidgets();
  // The browser's day, and 29 days before it (calendar arithmetic on the day at UTC midnight).
  const [from, setFrom] = useState(() =>
    isoDay(new Date(Date.parse(`${todayIso()}T00:00:00Z`) - 29 * DAY_MS)),
  );
  const [to, setTo] = useState(() => todayIso());
  const chosen = search.get('id') ?? (widgets.data?.[0] ? String(widgets.data[0].id) : null);
  const stats = useWidgetStats(chosen ? Number(chosen) : null, from, to);
  const totals = stats.data?.totals;
  const lang = i18n.language;

  const step = (label: string, value: number | undefined, note?: string, testId?: string) => (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value ?? '–'}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );

  return (
    <Stack gap="md">
      <Title order={2}>{t('routes.widgetStats')}</Title>
      <Group align="flex-end">
        <Select
          label={t('widgets.stats.widget')}
          data={(widgets.data ?? []).map((w) => ({ value: String(w.id), label: `${w.name} (${w.slug})` }))}
          value={chosen}
          allowDeselect={false}
          searchable
          onChange={(v) => v && setSearch({ id: v }, { replace: true })}
          miw={260}
        />
        <TextInput
          type="date"
          label={t('widgets.stats.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('widgets.stats.to')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </Group>
      {!chosen && !widgets.isLoading && <Alert variant="light">{t('widgets.stats.pick')}</Alert>}
      {stats.isLoading && <Loader />}
      {totals && (
        <>
          <Title order={3}>{t('widgets.stats.funnel')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" aria-label={t('widgets.stats.funnel')}>
            {step(t('widgets.stats.views'), totals.views, undefined, 'funnel-views')}
            {step(
              t('widgets.stats.searches'),
              totals.searches,
              t('widgets.stats.searchRate', { rate: percent(totals.searchRate, lang) }),
              'funnel-searches',
            )}
            {step(
              t('widgets.stats.bookings'),
              totals.bookings,
              `${t('widgets.stats.bookingRate', { rate: percent(totals.bookingRate, lang) })} · ${t(
                'widgets.stats.conversion',
                { rate: percent(totals.conversion, lang) },
              )}`,
              'funnel-bookings',
            )}
          </SimpleGrid>
          <Group gap={4} c="dimmed" aria-hidden>
            <Text size="sm">{t('widgets.stats.views')}</Text>
            <IconArrowRight size={14} />
            <Text size="sm">{t('widgets.stats.searches')}</Text>
            <IconArrowRight size={14} />
            <Text size="sm">{t('widgets.stats.bookings')}</Text>
          </Group>
          <Title order={3}>{t('widgets.stats.perDay')}</Title>
          {totals.views + totals.searches + totals.bookings === 0 ? (
            <Text c="dimmed">{t('widgets.stats.noData')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('widgets.stats.day')}</Table.Th>
                    <Table.Th ta="right">{t('widgets.stats.views')}</Table.Th>
                    <Table.Th ta="right">{t('widgets.stats.searches')}</Table.Th>
                    <Table.Th ta="right">{t('widgets.stats.bookings')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(stats.data?.days ?? [])
                    .filter((d) => d.views + d.searches + d.bookings > 0)
                    .map((d) => (
                      <Table.Tr key={d.day}>
                        <Table.Td>
                          {new Date(`${d.day}T00:00:00Z`).toLocaleDateString(lang, { timeZone: 'UTC' })}
                        </Table.Td>
                        <Table.Td ta="right">{d.views}</Table.Td>
                        <Table.Td ta="right">{d.searches}</Table.Td>
                        <Table.Td ta="right">{d.bookings}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
