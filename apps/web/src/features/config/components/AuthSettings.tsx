import { PASSWORD_SCREEN_MIN_LENGTH } from '@atoll/domain/constants';
import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/auth: password rule and who may register themselves. */
export function AuthSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="auth"
      fields={[
        {
          key: 'minPasswordLength',
          kind: 'number',
          min: PASSWORD_SCREEN_MIN_LENGTH + 1,
          max: 128,
          label: t('config.auth.minPasswordLength'),
          description: t('config.auth.minPasswordLengthHint'),
        },
        {
          key: 'registration.customer',
          kind: 'switch',
          label: t('config.auth.registrationCustomer'),
          description: t('config.auth.registrationCustomerHint'),
        },
        {
          key: 'registration.agency',
          kind: 'switch',
          label: t('config.auth.registrationAgency'),
          description: t('config.auth.registrationAgencyHint'),
        },
      ]}
    />
  );
}
