import { useTranslation } from 'react-i18next';
import { GroupPage } from '../../../components/resource/GroupPage.tsx';

/** /agency/group: groups that sort agencies by market (Germany, Benelux, Partners Asia …). */
export default function AgencyGroupPage() {
  const { t } = useTranslation();
  return (
    <GroupPage
      resource="agencygroup"
      title={t('routes.agencyGroup')}
      intro={t('agencies.groups.intro')}
      scopes={{ create: ['agencies.create'], update: ['agencies.update'], delete: ['agencies.delete'] }}
    />
  );
}
