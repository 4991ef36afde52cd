import type { TBookingVersion } from '@atoll/domain/bookings';
import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../../../components/pricing/format.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBookingDiff, useBookingHistory } from '../api.ts';
import { formatMoment } from './BookingFacts.tsx';
import { actionText, pathLabel, readableChanges, valueText, versionNotes } from './historyText.ts';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function VersionsTable({ versions, currency }: { versions: TBookingVersion[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const texts = { t, exists: (key: string) => i18n.exists(key) };
  const head = (key: string) => <Table.Th>{t(`bookings.history.${key}`)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label={t('bookings.history.versions')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {head('version')}
            {head('when')}
            {head('who')}
            {head('action')}
            {head('changes')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.version}>
              <Table.Td>{v.version}</Table.Td>
              <Table.Td style={NO_WRAP}>{formatMoment(v.createdAt, lang)}</Table.Td>
              <Table.Td>{v.userName ?? t('bookings.history.system')}</Table.Td>
              <Table.Td>
                {actionText(v.action, texts)}
                {versionNotes(v.changes).map((note) => (
                  <Text key={note.path} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {pathLabel(note.path, texts)}: {valueText(note.to, note.path, lang, currency, texts)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>{v.changes.length}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The differences between two versions, field by field, in words and formatted values. */
function DiffView({
  bookingId,
  versions,
  currency,
}: {
  bookingId: number;
  versions: number[];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const texts = { t, exists: (key: string) => i18n.exists(key) };
  const shown = (value: unknown, path: string) => valueText(value, path, lang, currency, texts);
  const latest = versions[0] ?? null;
  const [from, setFrom] = useState<number | null>(versions[1] ?? null);
  const [to, setTo] = useState<number | null>(latest);
  const diff = useBookingDiff(bookingId, from, to);
  const options = versions.map((v) => ({
    value: String(v),
    label: t('bookings.history.versionN', { version: v }),
  }));
  const pick = (label: string, value: number | null, set: (v: number | null) => void) => (
    <Select
      label={label}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => set(v ? Number(v) : null)}
      allowDeselect={false}
      w={200}
    />
  );
  const rows = readableChanges(diff.data ?? []);
  const empty =
    from === to
      ? 'bookings.history.sameVersion'
      : diff.isPending
        ? 'app.loading'
        : 'bookings.history.noChanges';
  return (
    <Stack gap="sm">
      <Title order={4}>{t('bookings.history.compare')}</Title>
      <Group gap="sm" align="flex-end">
        {pick(t('bookings.history.from'), from, setFrom)}
        {pick(t('bookings.history.to'), to, setTo)}
      </Group>
      {rows.length === 0 || from === to ? (
        <Text size="sm" c="dimmed">
          {diff.isError ? t('bookings.history.diffFailed') : t(empty)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={t('bookings.history.compare')} verticalSpacing="xs" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">{t('bookings.history.field')}</Table.Th>
                <Table.Th w="30%">{t('bookings.history.before')}</Table.Th>
                <Table.Th w="30%">{t('bookings.history.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.path}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{pathLabel(row.path, texts)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(row.from, row.path)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(row.to, row.path)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Every version of the booking (who, when, what) and the differences between two of them. */
export function BookingHistoryCard({
  bookingId,
  version,
  currency,
}: {
  bookingId: number;
  version: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const history = useBookingHistory(bookingId, version);
  const versions = [...(history.data ?? [])].sort((a, b) => b.version - a.version);
  return (
    <SectionCard title={t('bookings.history.title')} icon={IconHistory}>
      {history.isPending ? (
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : history.isError ? (
        <Text size="sm" c="dimmed">
          {t('bookings.history.failed')}
        </Text>
      ) : (
        <Stack gap="md">
          <VersionsTable versions={versions} currency={currency} />
          {versions.length > 1 && (
            // A new version starts the comparison again at the two latest.
            <DiffView
              key={version}
              bookingId={bookingId}
              versions={versions.map((v) => v.version)}
              currency={currency}
            />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
