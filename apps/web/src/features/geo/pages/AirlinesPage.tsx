import type { TAirline } from '@atoll/domain/geo';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useCountryName } from '../../../components/useReferenceData.ts';
import { ActiveText, activeField, activeFilter, countryField, GEO_SCOPES } from '../components/shared.tsx';

type TAirlineRow = TAirline & Record<string, unknown>;

/** /geo/airline: airlines with an IATA code (OpenFlights data), for guests' flight details. */
export default function AirlinesPage() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <ResourcePage<TAirlineRow>
      resource="airline"
      title={t('routes.airlines')}
      intro={t('geo.airlines.intro')}
      defaultSort="name"
      scopes={GEO_SCOPES}
      columns={[
        { key: 'iata', sortable: true, width: 70 },
        { key: 'icao', sortable: true, width: 70 },
        { key: 'name', sortable: true, wrap: true },
        { key: 'country', sortable: true, render: (row) => countryName(row.country) },
        { key: 'isActive', sortable: true, render: (row) => <ActiveText active={row.isActive} t={t} /> },
      ]}
      filters={[activeFilter(t)]}
      fields={[
        { key: 'iata', kind: 'text', description: t('geo.airlines.iataHint') },
        { key: 'icao', kind: 'text' },
        { key: 'name', kind: 'text', required: true },
        countryField,
        activeField(t),
      ]}
    />
  );
}
