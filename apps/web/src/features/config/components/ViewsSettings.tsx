import { VIEWS } from '@atoll/domain/constants';
import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/views: screens that can be switched off for everyone but administrators. */
export function ViewsSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="views"
      fields={VIEWS.map((view) => ({
        key: view,
        kind: 'switch',
        label: t(`config.views.${view}`),
        description: t(`config.views.${view}Hint`),
      }))}
    />
  );
}
