import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/customers: from which age on a guest counts as an adult. */
export function CustomersSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="customers"
      fields={[
        {
          key: 'childMaxAge',
          kind: 'number',
          min: 0,
          max: 25,
          label: t('config.customers.childMaxAge'),
          description: t('config.customers.childMaxAgeHint'),
        },
      ]}
    />
  );
}
