import { CUSTOMER_TYPE_COLORS, CUSTOMER_TYPES, type TCustomerType } from '@atoll/domain/customers';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The customer types as choices of a Select, translated. */
export const customerTypeOptions = (t: TFunction) =>
  CUSTOMER_TYPES.map((type) => ({ value: type, label: t(`customers.types.${type}`) }));

/** Spec platform §4: customer types are coloured by state. */
export function CustomerTypeBadge({ type }: { type: TCustomerType }) {
  const { t } = useTranslation();
  return (
    <Badge color={CUSTOMER_TYPE_COLORS[type] ?? 'gray'} variant="light" radius="sm">
      {t(`customers.types.${type}`)}
    </Badge>
  );
}

/** Age in years, marked when the customer counts as a child. */
export function AgeCell({ age, isChild }: { age: number | null; isChild: boolean }) {
  const { t } = useTranslation();
  if (age === null) return null;
  return (
    <>
      {age}
      {isChild && (
        <Badge color="pink" variant="light" radius="sm" ml={6}>
          {t('customers.list.child')}
        </Badge>
      )}
    </>
  );
}
