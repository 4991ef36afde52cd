import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn, type TListFilter } from '../../../components/DataTable.tsx';
import { formatDay } from '../../../components/format.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { langOf } from '../../../components/pricing/format.ts';
import { guestFormKeys, type TGuestForm } from '../api.ts';
import { GuestFormActions, GuestFormStatusBadge } from '../components/GuestFormActions.tsx';

/** /customer/guestform (guestformList) and /crm/guestform: every guest form the user may see. */
export default function GuestFormListPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const columns: TColumn<TGuestForm>[] = [
    {
      key: 'bookingNo',
      header: t('guestforms.office.booking'),
      render: (r) => r.bookingNo ?? `#${r.bookingId}`,
    },
    { key: 'guestName', header: t('guestforms.office.guest'), render: (r) => r.guestName ?? '–' },
    {
      key: 'from',
      header: t('guestforms.office.travel'),
      render: (r) => (r.from ? `${formatDay(r.from, lang)} – ${formatDay(r.to ?? r.from, lang)}` : '–'),
    },
    {
      key: 'status',
      header: t('guestforms.office.status'),
      render: (r) => <GuestFormStatusBadge status={r.status} />,
    },
    {
      key: 'submittedAt',
      header: t('guestforms.office.submittedAt'),
      render: (r) => (r.submittedAt ? formatDay(r.submittedAt.slice(0, 10), lang) : '–'),
    },
    {
      key: 'actions',
      header: t('guestforms.office.actions'),
      render: (r) => <GuestFormActions id={r.id} status={r.status} name={r.guestName ?? ''} />,
    },
  ];
  const filters: TListFilter[] = [
    {
      key: 'status',
      label: t('guestforms.office.status'),
      options: ['open', 'submitted', 'added'].map((s) => ({ value: s, label: t(`guestforms.status.${s}`) })),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('guestforms.office.title')}
        intro={<Text span>{t('guestforms.office.intro')}</Text>}
      />
      <DataTable<TGuestForm>
        resource="guestform"
        path="/api/guestform"
        label={t('guestforms.office.title')}
        queryKey={guestFormKeys.list}
        columns={columns}
        filters={filters}
        defaultSort="id"
      />
    </Stack>
  );
}
