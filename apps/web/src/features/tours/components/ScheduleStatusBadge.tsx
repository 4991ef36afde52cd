import type { TScheduleStatus } from '@atoll/domain/inventory/tours';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TScheduleStatus, string> = { open: 'blue', closed: 'gray', cancelled: 'red' };

export function ScheduleStatusBadge({ status }: { status: TScheduleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {t(`tours.status.${status}`)}
    </Badge>
  );
}
