import type { TTerms } from '@atoll/domain/pricing/entities';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, langOf } from '../../../components/pricing/format.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { BOOKING_WRITE } from '../api.ts';
import { TiersEditor } from '../components/TiersEditor.tsx';

type TTermsRow = TTerms & Record<string, unknown>;

/** /terms: deposit, rest and cancellation tiers of the terms of payment (docs/domain/cancellation.md and payments.md). */
export default function TermsPage() {
  const { t, i18n } = useTranslation();
  const days = (n: number) => t('prices.terms.days', { count: n });
  return (
    <ResourcePage<TTermsRow>
      resource="terms"
      title={t('routes.paymentTerms')}
      intro={t('prices.terms.intro')}
      defaultSort="name"
      scopes={BOOKING_WRITE}
      columns={[
        {
          key: 'name',
          sortable: true,
          render: (row) => (
            <>
              {row.name}{' '}
              {row.isDefault && (
                <Badge variant="light" radius="sm" size="sm">
                  {t('prices.terms.default')}
                </Badge>
              )}
            </>
          ),
        },
        {
          key: 'depositPercent',
          sortable: true,
          // An amount per person (in the booking's currency) instead of the percentage; 0 is unset, as the rule reads it.
          render: (row) =>
            row.depositAbsolute && Number(row.depositAbsolute) !== 0
              ? t('prices.terms.depositPerPerson', {
                  amount: formatNumber(row.depositAbsolute, langOf(i18n.language)),
                })
              : `${formatNumber(row.depositPercent, langOf(i18n.language))} %`,
        },
        { key: 'depositDueDays', sortable: true, render: (row) => days(row.depositDueDays) },
        {
          key: 'restDueDaysBeforeArrival',
          sortable: true,
          render: (row) => days(row.restDueDaysBeforeArrival),
        },
        { key: 'cancellationTiers', render: (row) => row.cancellationTiers.length },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'isDefault', kind: 'switch', description: t('prices.terms.isDefaultHint') },
        { key: 'description', kind: 'translations' },
        { key: 'depositPercent', kind: 'decimal', required: true, initial: '0', min: 0, max: 100 },
        {
          key: 'depositAbsolute',
          kind: 'decimal',
          min: 0,
          description: t('prices.terms.depositAbsoluteHint'),
        },
        { key: 'depositDueDays', kind: 'number', required: true, initial: 7, min: 0, max: 365 },
        { key: 'onReservation', kind: 'switch', description: t('prices.terms.onReservationHint') },
        { key: 'restDueDaysBeforeArrival', kind: 'number', required: true, initial: 60, min: 0, max: 730 },
        { key: 'optionDays', kind: 'number', required: true, initial: 7, min: 0, max: 365 },
        { key: 'depositNonRefundable', kind: 'switch' },
        {
          key: 'cancellationTiers',
          kind: 'custom',
          initial: [],
          wide: true,
          render: (props) => <TiersEditor {...props} />,
        },
      ]}
    />
  );
}
