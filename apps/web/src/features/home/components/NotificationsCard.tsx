import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../app/api.ts';
import { apiErrorText } from '../../../app/api-error-text.ts';
import { useNotifications } from '../api.ts';
import { NotificationItem } from './NotificationItem.tsx';

const SHOWN = 5;

/** Recent events for the user (GET /api/events/notifications); texts are keys translated as events.<text>. */
export function NotificationsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useNotifications(userId, true);
  const list = query.data?.data ?? [];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-notifications">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} size="h4" id="home-notifications">
            {t('home.notifications.title')}
          </Title>
          {(query.data?.unread ?? 0) > 0 && (
            <Badge color="red" variant="filled" size="sm">
              {t('home.notifications.unread', { count: query.data?.unread ?? 0 })}
            </Badge>
          )}
        </Group>
        {list.length > SHOWN && (
          <Anchor component={Link} to="/notifications" size="sm">
            {t('home.notifications.all')}
          </Anchor>
        )}
      </Group>
      <NotificationList query={query} shown={SHOWN} />
    </Card>
  );
}

/**
 * The events of the query: a skeleton while loading, the failure, "none", or the first `shown` of them (all when
 * not given). The home card shows five, /notifications all.
 */
export function NotificationList({
  query,
  shown,
}: {
  query: ReturnType<typeof useNotifications>;
  shown?: number;
}) {
  const { t } = useTranslation();
  const list = query.data?.data ?? [];
  return (
    <>
      {query.isPending && (
        <Stack gap="sm" aria-hidden>
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" variant="light">
          {query.error instanceof ApiError ? apiErrorText(query.error) : t('errors.UNKNOWN')}
        </Alert>
      )}
      {query.isSuccess && list.length === 0 && (
        <Group gap="sm" c="dimmed">
          <IconBell size={20} aria-hidden />
          <Text size="sm">{t('home.notifications.empty')}</Text>
        </Group>
      )}
      {list.length > 0 && (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.slice(0, shown).map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </>
  );
}
