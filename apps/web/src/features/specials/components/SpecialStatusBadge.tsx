import type { TPriceStatus } from '@atoll/domain/pricing/entities';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TPriceStatus, string> = { draft: 'gray', confirmed: 'blue', aborted: 'red' };

/** Only confirmed specials are evaluated: the status is the first thing to see. */
export function SpecialStatusBadge({ status }: { status: TPriceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {t(`specials.statuses.${status}`)}
    </Badge>
  );
}
