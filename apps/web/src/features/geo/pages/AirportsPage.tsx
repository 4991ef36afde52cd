import type { TAirport } from '@atoll/domain/geo';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useCountryName } from '../../../components/useReferenceData.ts';
import {
  ActiveText,
  activeField,
  activeFilter,
  coordinateFields,
  countryField,
  GEO_SCOPES,
} from '../components/shared.tsx';

type TAirportRow = TAirport & Record<string, unknown>;

/** /geo/airport: airports with an IATA code (OurAirports data), for arrival and departure flights. */
export default function AirportsPage() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <ResourcePage<TAirportRow>
      resource="airport"
      title={t('routes.airports')}
      intro={t('geo.airports.intro')}
      defaultSort="iata"
      scopes={GEO_SCOPES}
      nameOf={(row) => `${row.iata} – ${row.name}`}
      uniqueField="iata"
      columns={[
        { key: 'iata', sortable: true, width: 70 },
        { key: 'name', sortable: true, wrap: true },
        { key: 'city', sortable: true },
        { key: 'country', sortable: true, render: (row) => countryName(row.country) },
        { key: 'isActive', sortable: true, render: (row) => <ActiveText active={row.isActive} t={t} /> },
      ]}
      filters={[activeFilter(t)]}
      fields={[
        { key: 'iata', kind: 'text', required: true, description: t('geo.airports.iataHint') },
        { key: 'icao', kind: 'text' },
        { key: 'name', kind: 'text', required: true },
        { key: 'city', kind: 'text' },
        countryField,
        ...coordinateFields(t),
        activeField(t),
      ]}
    />
  );
}
