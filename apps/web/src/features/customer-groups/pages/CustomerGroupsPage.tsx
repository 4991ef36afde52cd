import { useTranslation } from 'react-i18next';
import { GroupPage } from '../../../components/resource/GroupPage.tsx';

/** /customer/group: groups customers are sorted into (regulars, instructors, press …). */
export default function CustomerGroupsPage() {
  const { t } = useTranslation();
  return (
    <GroupPage
      resource="customergroup"
      title={t('routes.customerGroups')}
      intro={t('customerGroups.list.intro')}
      scopes={{ create: ['customers.create'], update: ['customers.create'], delete: ['customers.create'] }}
    />
  );
}
