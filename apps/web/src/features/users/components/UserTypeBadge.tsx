import { type TUserType, USER_TYPES } from '@atoll/domain/users';
import { Badge, type MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

// Colours whose shade 9 reads at 4.5:1 on their light background (not teal, green, yellow, orange).
const COLORS: Record<TUserType, MantineColor> = {
  guest: 'gray',
  System: 'gray',
  API: 'gray',
  customer: 'cyan',
  agency: 'blue',
  employee: 'grape',
  Default: 'indigo',
  Inactive: 'red',
};

/** The user types as choices of a Select, translated. */
export const userTypeOptions = (t: TFunction) =>
  USER_TYPES.map((type) => ({ value: type, label: t(`users.types.${type}`) }));

export function UserTypeBadge({ type }: { type: TUserType }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[type] ?? 'gray'} variant="light" radius="sm">
      {t(`users.types.${type}`)}
    </Badge>
  );
}
