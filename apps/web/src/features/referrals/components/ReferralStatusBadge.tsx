import type { TReferralStatus } from '@atoll/domain/referrals';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Light badges only in colours whose text passes 4.5:1 on their tint (no orange, yellow, green, teal or lime).
const COLORS: Record<TReferralStatus, string> = {
  open: 'gray',
  booked: 'blue',
  rewarded: 'violet',
  declined: 'red',
};

export function ReferralStatusBadge({ status }: { status: TReferralStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {t(`referrals.status.${status}`)}
    </Badge>
  );
}
