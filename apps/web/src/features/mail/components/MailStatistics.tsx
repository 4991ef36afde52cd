import { MAIL_STATUSES } from '@atoll/domain/mail';
import { Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMailStatistics } from '../api.ts';

/** Counts per status and, for the last two weeks, per day (by the day a mail last changed). */
export function MailStatistics() {
  const { t } = useTranslation();
  const stats = useMailStatistics();
  if (!stats.data) return null;
  const { byStatus, byDay } = stats.data;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" style={{ flex: '2 1 420px' }}>
        {MAIL_STATUSES.map((status) => (
          <Paper key={status} withBorder p="xs" radius="md" data-testid={`mail-stat-${status}`}>
            <Text size="xs" c="dimmed">
              {t(`mail.status.${status}`)}
            </Text>
            <Text fw={700} size="lg">
              {byStatus[status] ?? 0}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {byDay.length > 0 && (
        <Table.ScrollContainer minWidth={260} style={{ flex: '1 1 260px' }}>
          <Table striped withTableBorder fz="xs" aria-label={t('mail.queue.perDay')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mail.queue.day')}</Table.Th>
                <Table.Th>{t('mail.status.queued')}</Table.Th>
                <Table.Th>{t('mail.status.sent')}</Table.Th>
                <Table.Th>{t('mail.status.failed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byDay.slice(-7).map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{d.day}</Table.Td>
                  <Table.Td>{d.queued}</Table.Td>
                  <Table.Td>{d.sent}</Table.Td>
                  <Table.Td>{d.failed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Group>
  );
}
