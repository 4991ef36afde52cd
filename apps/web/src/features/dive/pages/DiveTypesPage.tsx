import { DIVE_KINDS, type TDiveType } from '@atoll/domain/dive';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useDiveOptions } from '../api.ts';
import { DIVE_SCOPES, valueOptions } from '../components/options.ts';

type TRow = TDiveType & Record<string, unknown>;

/** /dive/type: kinds of dives (boat, shore, night, drift, wreck, course, nitrox) and what their dives charge. */
export default function DiveTypesPage() {
  const { t } = useTranslation();
  const kinds = valueOptions(t, 'kinds', DIVE_KINDS);
  const products = useDiveOptions('product', { chargingBase: { $in: ['PerDive', 'PerDiveDay'] } }).data ?? [];
  return (
    <ResourcePage<TRow>
      resource="divetype"
      title={t('routes.diveTypes')}
      intro={t('dive.types.intro')}
      defaultSort="sort"
      scopes={DIVE_SCOPES('divetype')}
      columns={[
        { key: 'name', sortable: true },
        { key: 'kind', sortable: true, render: (row) => t(`dive.kinds.${row.kind}`) },
        { key: 'sort', sortable: true },
      ]}
      filters={[{ key: 'kind', options: kinds }]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'kind', kind: 'select', options: kinds, initial: 'boat', required: true },
        {
          key: 'productId',
          kind: 'select',
          numeric: true,
          initial: null,
          options: products,
          description: t('dive.types.product'),
        },
        { key: 'sort', kind: 'number', initial: 0 },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
