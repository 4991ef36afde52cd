import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/guestform: the largest file a guest may attach to a guest form. */
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
      ]}
    />
  );
}
