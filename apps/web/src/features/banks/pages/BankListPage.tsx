import type { TBank } from '@atoll/domain/banks';
import { formatMoney } from '@atoll/domain/money';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { ResourcePage, type TResourceField } from '../../../components/resource/ResourcePage.tsx';
import { MappingEditor } from '../components/MappingEditor.tsx';

const SCOPES = { create: ['banks.create'], update: ['banks.update'], delete: ['banks.delete'] };

const FIELDS: TResourceField[] = [
  { key: 'name', kind: 'text', required: true },
  { key: 'bankName', kind: 'text' },
  { key: 'accountHolder', kind: 'text' },
  { key: 'iban', kind: 'text' },
  { key: 'bic', kind: 'text' },
  {
    key: 'currency',
    kind: 'custom',
    initial: 'EUR',
    render: ({ value, onChange, label, error, disabled }) => (
      <CurrencySelect
        label={label}
        value={(value as string | null) ?? null}
        onChange={(code) => code && onChange(code)}
        error={error}
        disabled={disabled}
        required
      />
    ),
  },
  { key: 'openingBalance', kind: 'decimal', initial: '0' },
  { key: 'openingDate', kind: 'text', description: 'YYYY-MM-DD' },
  { key: 'autoAssign', kind: 'switch', initial: true },
  { key: 'isActive', kind: 'switch', initial: true },
  { key: 'note', kind: 'textarea', wide: true },
  { key: 'csvMapping', kind: 'custom', wide: true, render: (props) => <MappingEditor {...props} /> },
];

/** /bank/list: the bank accounts with their CSV mapping, edited in the drawer. */
export default function BankListPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TBank & Record<string, unknown>>
      resource="banks"
      title={t('routes.banks')}
      intro={t('banks.list.intro')}
      defaultSort="name"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'bankName', sortable: true },
        { key: 'iban', sortable: true },
        { key: 'currency', sortable: true },
        {
          key: 'openingBalance',
          render: (row) => formatMoney(row.openingBalance, row.currency, currentLanguage()),
        },
        {
          key: 'autoAssign',
          render: (row) => (row.autoAssign ? <Badge variant="light">{t('banks.list.auto')}</Badge> : null),
        },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => (row.isActive ? t('common.yes') : t('common.no')),
        },
      ]}
      fields={FIELDS}
    />
  );
}
