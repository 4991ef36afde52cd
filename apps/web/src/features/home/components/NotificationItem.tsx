import { Group, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarX,
  IconCash,
  IconInfoCircle,
  IconMessage,
  IconTag,
  type Icon as TIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import type { TNotification } from '../api.ts';

// Message kinds of spec platform §3.
const ICONS: Record<string, TIcon> = {
  Information: IconInfoCircle,
  Payment: IconCash,
  Cancellation: IconCalendarX,
  Price: IconTag,
  Text: IconMessage,
  Custom: IconMessage,
};

/** One event; its text is a key (`welcome`) translated as events.<text>, the raw text as fallback. */
export function NotificationItem({ item }: { item: TNotification }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[item.type] ?? IconMessage;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={34} color={item.read ? 'gray' : 'blue'} aria-hidden>
        <Icon size={18} />
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={item.read ? 400 : 600}>
          {t(`events.${item.text}`, { defaultValue: item.text, ...item.data })}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, i18n.language)}</time>
          {!item.read && ` · ${t('home.notifications.new')}`}
        </Text>
      </div>
    </Group>
  );
}
