import type { TDestination } from '@atoll/domain/geo';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useCountryName } from '../../../components/useReferenceData.ts';
import { ActiveText, activeField, activeFilter, countryField, GEO_SCOPES } from '../components/shared.tsx';

type TDestinationRow = TDestination & Record<string, unknown>;

/** /geo/destination: the regions guests travel to (Coron, Red Sea North …). */
export default function DestinationsPage() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <ResourcePage<TDestinationRow>
      resource="destination"
      title={t('routes.destinations')}
      intro={t('geo.destinations.intro')}
      defaultSort="name"
      scopes={GEO_SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'country', sortable: true, render: (row) => countryName(row.country) },
        { key: 'isActive', sortable: true, render: (row) => <ActiveText active={row.isActive} t={t} /> },
      ]}
      filters={[activeFilter(t)]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        countryField,
        { key: 'description', kind: 'translations' },
        activeField(t),
      ]}
    />
  );
}
