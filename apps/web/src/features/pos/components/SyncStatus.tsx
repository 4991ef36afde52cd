import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TCounter } from '../useCounter.ts';

/** Online or not, what waits to sync, and the sales the server refused (stock gone, tab closed). */
export function SyncStatus({ counter }: { counter: TCounter }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={700} data-testid="pos-online" role="status">
          {counter.online ? t('pos.counter.online') : t('pos.counter.offline')}
        </Text>
        <Badge
          color={counter.pending.length ? 'orange' : 'gray'}
          variant="light"
          size="lg"
          data-testid="pos-pending"
        >
          {t('pos.counter.pending', { count: counter.pending.length })}
        </Badge>
      </Group>
      {counter.conflicts.map((c) => (
        <Alert key={c.seq} color="red" title={t('pos.counter.conflict')}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {c.entry.kind === 'sale' ? c.entry.text : t(`pos.counter.kinds.${c.entry.kind}`)}:{' '}
              {t(`errors.${c.code}`, { defaultValue: c.code })}
            </Text>
            <Button size="xs" variant="subtle" onClick={() => void counter.dismiss(c.seq)}>
              {t('pos.counter.dismiss')}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
