import type { TPriceStatus } from '@atoll/domain/pricing/entities';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Shade 9 on the light background: teal and green fall below 4.5:1 under a hovered row.
const COLORS: Record<TPriceStatus, string> = { draft: 'gray', confirmed: 'blue', aborted: 'red' };

/** Draft, confirmed (used for bookings) or aborted. */
export function PriceStatusBadge({ status }: { status: TPriceStatus }) {
  const { t } = useTranslation();
  return (
    // The label keeps its width in a narrow table column instead of ending in an ellipsis.
    <Badge color={COLORS[status]} variant="light" radius="sm" styles={{ label: { overflow: 'visible' } }}>
      {t(`prices.status.${status}`)}
    </Badge>
  );
}
