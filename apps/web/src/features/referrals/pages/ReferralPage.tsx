import { REFERRAL_STATUSES, type TReferral } from '@atoll/domain/referrals';
import { hasScope } from '@atoll/domain/scopes';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { ResourcePage, type TFieldProps } from '../../../components/resource/ResourcePage.tsx';
import { BookingField } from '../components/BookingField.tsx';
import { CustomerField } from '../components/CustomerField.tsx';
import { ReferralReward } from '../components/ReferralReward.tsx';
import { ReferralStatusBadge } from '../components/ReferralStatusBadge.tsx';

type TRow = TReferral & Record<string, unknown>;
const SCOPES = {
  create: ['referral.create'],
  update: ['referral.update'],
  delete: ['referral.delete'],
};

const referredOf = (row: TReferral) =>
  row.referredCustomerName ??
  row.referredName ??
  row.referredEmail ??
  (row.referredCustomerId ? `#${row.referredCustomerId}` : '–');

/**
 * /crm/referral (switch crmMaster): who brought whom (docs/domain/referrals.md). The drawer names the referrer and
 * the referred (a customer, or a name and e-mail), the referred's booking, and rewards the referrer with credit.
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canReward = hasScope(user?.scopes ?? [], SCOPES.update);
  const statusLabel = (s: string) => t(`referrals.status.${s}`);
  const customerField = (key: 'referrerCustomerId' | 'referredCustomerId', required: boolean) => ({
    key,
    kind: 'custom' as const,
    required,
    initial: null,
    render: (props: TFieldProps) => <CustomerField {...props} />,
  });
  return (
    <ResourcePage<TRow>
      resource="referral"
      title={t('routes.crmReferral')}
      intro={t('referrals.intro')}
      defaultSort="createdAt"
      scopes={SCOPES}
      nameOf={(row) => `${row.referrerName ?? `#${row.referrerCustomerId}`} → ${referredOf(row)}`}
      columns={[
        { key: 'referrerName', sortable: true },
        { key: 'referred', render: (row) => referredOf(row) },
        { key: 'bookingNo', render: (row) => row.bookingNo ?? '' },
        { key: 'status', sortable: true, render: (row) => <ReferralStatusBadge status={row.status} /> },
        {
          key: 'rewardAmount',
          sortable: true,
          render: (row) => (row.rewardAmount ? `${row.rewardAmount} ${row.rewardCurrency ?? ''}` : ''),
        },
      ]}
      filters={[
        { key: 'status', options: REFERRAL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
      ]}
      fields={[
        customerField('referrerCustomerId', true),
        customerField('referredCustomerId', false),
        { key: 'referredName', kind: 'text', description: t('referrals.form.byNameHint') },
        { key: 'referredEmail', kind: 'text' },
        { key: 'bookingId', kind: 'custom', initial: null, render: (props) => <BookingField {...props} /> },
        {
          key: 'status',
          kind: 'custom',
          initial: 'open',
          render: ({ value, onChange, label, disabled }) => (
            <Select
              label={label}
              disabled={disabled || value === 'rewarded'}
              // Rewarded only through the reward, which writes the credit.
              data={REFERRAL_STATUSES.filter((s) => s !== 'rewarded' || value === 'rewarded').map((s) => ({
                value: s,
                label: statusLabel(s),
              }))}
              value={(value as string) ?? 'open'}
              onChange={(next) => onChange(next ?? 'open')}
            />
          ),
        },
        { key: 'note', kind: 'textarea', wide: true },
      ]}
      extra={(row) => <ReferralReward row={row} canReward={canReward} />}
      formKey={(row) => `${row.id}:${row.status}`}
    />
  );
}
