import { Card, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useNotifications } from '../api.ts';
import { NotificationList } from '../components/NotificationsCard.tsx';

/** /notifications: every event of the last 30 days, where the home card shows the first five ("Show all"). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useNotifications(user?.id ?? 0, user !== null);
  const unread = query.data?.unread ?? 0;
  return (
    <Stack>
      <PageHeader
        title={t('routes.notifications')}
        intro={unread > 0 ? t('home.notifications.unread', { count: unread }) : undefined}
      />
      <Card withBorder radius="md" padding="lg" maw={720}>
        <NotificationList query={query} />
      </Card>
    </Stack>
  );
}
