import { type TUserType, USER_TYPES } from '@atoll/domain/users';
import { Badge, type MantineColor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TUserType, MantineColor> = {
  guest: 'yellow',
  System: 'gray',
  API: 'gray',
  customer: 'teal',
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
