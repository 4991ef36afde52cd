import type { TPort } from '@atoll/domain/geo';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useCountryName } from '../../../components/useReferenceData.ts';
import { useDestinationOptions } from '../api.ts';
import {
  ActiveText,
  activeField,
  activeFilter,
  coordinateFields,
  countryField,
  GEO_SCOPES,
} from '../components/shared.tsx';

type TPortRow = TPort & Record<string, unknown>;

/** /geo/port: harbours where liveaboard trips start and end, each in a destination. */
export default function PortsPage() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const destinations = useDestinationOptions().data ?? [];
  const destinationName = (id: number | null) =>
    id === null ? '' : (destinations.find((d) => d.value === String(id))?.label ?? `#${id}`);
  return (
    <ResourcePage<TPortRow>
      resource="port"
      title={t('routes.ports')}
      intro={t('geo.ports.intro')}
      defaultSort="name"
      scopes={GEO_SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'code', sortable: true },
        { key: 'country', sortable: true, render: (row) => countryName(row.country) },
        { key: 'destinationId', sortable: true, render: (row) => destinationName(row.destinationId) },
        { key: 'isActive', sortable: true, render: (row) => <ActiveText active={row.isActive} t={t} /> },
      ]}
      filters={[
        ...(destinations.length ? [{ key: 'destinationId', options: destinations }] : []),
        activeFilter(t),
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'code', kind: 'text', description: t('geo.ports.codeHint') },
        countryField,
        { key: 'destinationId', kind: 'select', numeric: true, options: destinations },
        ...coordinateFields(t),
        { key: 'description', kind: 'translations' },
        activeField(t),
      ]}
    />
  );
}
