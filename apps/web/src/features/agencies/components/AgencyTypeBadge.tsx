import { AGENCY_TYPES, type TAgencyType } from '@atoll/domain/agencies';
import { Badge, type MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

// Colours whose shade 9 reads at 4.5:1 on their light background (see UserTypeBadge).
const COLORS: Record<TAgencyType, MantineColor> = { travel: 'blue', resell: 'grape', employee: 'indigo' };

/** The agency types as choices of a Select, translated. */
export const agencyTypeOptions = (t: TFunction) =>
  AGENCY_TYPES.map((type) => ({ value: type, label: t(`agencies.types.${type}`) }));

export function AgencyTypeBadge({ type }: { type: TAgencyType }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[type] ?? 'gray'} variant="light" radius="sm">
      {t(`agencies.types.${type}`)}
    </Badge>
  );
}
