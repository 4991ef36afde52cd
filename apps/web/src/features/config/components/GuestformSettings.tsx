import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/guestform: the largest file a guest may attach, and whether one link shows all guests. */
export function GuestformSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="guestform"
      fields={[
        {
          key: 'maxGuestFormFileSizeinKb',
          kind: 'number',
          min: 1,
          max: 10_240,
          label: t('config.guestform.maxFileSize'),
          description: t('config.guestform.maxFileSizeHint'),
        },
        {
          key: 'multiGuestForm',
          kind: 'switch',
          label: t('config.guestform.multiGuestForm'),
          description: t('config.guestform.multiGuestFormHint'),
        },
      ]}
    />
  );
}
