import type { TCommission } from '@atoll/domain/pricing/entities';
import { hasScope } from '@atoll/domain/scopes';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { formatNumber, langOf } from '../../../components/pricing/format.ts';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import { BOOKING_WRITE, type TOption, useAgencyOptions, useAssetOptions } from '../api.ts';
import { dateField } from '../components/resourceFields.tsx';

type TCommissionRow = TCommission & Record<string, unknown>;

const nameIn = (options: TOption[], id: number | null) =>
  options.find((o) => o.value === String(id))?.label ?? (id ? `#${id}` : '');

function fieldsOf(
  t: TFunction,
  agencies: TOption[],
  resorts: TOption[],
  vessels: TOption[],
): TResourceField[] {
  const asset = (key: 'resortId' | 'vesselId', options: TOption[]): TResourceField => ({
    key,
    kind: 'select',
    numeric: true,
    options,
    description: t('prices.commissions.assetHint'),
  });
  return [
    { key: 'agencyId', kind: 'select', numeric: true, required: true, options: agencies },
    { key: 'percent', kind: 'decimal', required: true, min: 0, max: 100 },
    asset('resortId', resorts),
    asset('vesselId', vessels),
    dateField('validFrom', { description: t('prices.commissions.datesHint') }),
    dateField('validTo'),
    { key: 'note', kind: 'textarea', wide: true },
  ];
}

/** /commission: an agency's commission for an asset and travel dates (docs/domain/tax-and-commission.md, priority 2). */
export default function CommissionsPage() {
  const { t, i18n } = useTranslation();
  const percent = (value: string) => `${formatNumber(value, langOf(i18n.language))} %`;
  const { user } = useSession();
  const agencies = useAgencyOptions(hasScope(user?.scopes ?? [], ['agencies.read']));
  const { resorts, vessels } = useAssetOptions();
  const agencyOptions = agencies.data ?? [];
  const open = t('prices.commissions.open');

  return (
    <ResourcePage<TCommissionRow>
      resource="commission"
      title={t('routes.commissions')}
      intro={t('prices.commissions.intro')}
      defaultSort="agencyId"
      scopes={BOOKING_WRITE}
      nameOf={(row) => `${nameIn(agencyOptions, row.agencyId)} ${percent(row.percent)}`}
      columns={[
        { key: 'agencyId', sortable: true, render: (row) => nameIn(agencyOptions, row.agencyId) },
        {
          key: 'asset',
          render: (row) =>
            row.resortId
              ? nameIn(resorts, row.resortId)
              : row.vesselId
                ? nameIn(vessels, row.vesselId)
                : t('prices.commissions.allAssets'),
        },
        {
          key: 'validFrom',
          header: t('resources.commission.fields.dates'),
          sortable: true,
          render: (row) =>
            row.validFrom || row.validTo
              ? `${row.validFrom ?? open} – ${row.validTo ?? open}`
              : t('prices.commissions.anyDates'),
        },
        { key: 'percent', sortable: true, render: (row) => percent(row.percent) },
      ]}
      filters={[{ key: 'agencyId', options: agencyOptions, toFilter: (v) => ({ agencyId: Number(v) }) }]}
      fields={fieldsOf(t, agencyOptions, resorts, vessels)}
    />
  );
}
