import { TAX_STATES, type TTax } from '@atoll/domain/settings';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TTaxRow = TTax & Record<string, unknown>;
const WRITE = ['settings.update'];

/** /tax: tax rates in percent; a new rate starts aborted and applies once confirmed (spec booking §3). */
export default function TaxPage() {
  const { t, i18n } = useTranslation();
  const states = TAX_STATES.map((s) => ({ value: s, label: t(`config.tax.states.${s}`) }));
  const percent = (value: string) => `${value.replace('.', i18n.language === 'de' ? ',' : '.')} %`;
  return (
    <ResourcePage<TTaxRow>
      resource="tax"
      title={t('routes.tax')}
      intro={t('config.tax.intro')}
      defaultSort="name"
      scopes={{ create: WRITE, update: WRITE, delete: WRITE }}
      columns={[
        { key: 'name', sortable: true },
        { key: 'value', sortable: true, render: (row) => percent(row.value) },
        {
          key: 'inclusive',
          sortable: true,
          render: (row) => t(row.inclusive ? 'config.tax.inclusive' : 'config.tax.exclusive'),
        },
        {
          key: 'status',
          sortable: true,
          render: (row) => (
            <Badge variant="light" color={row.status === 'confirmed' ? 'blue' : 'gray'}>
              {t(`config.tax.states.${row.status}`)}
            </Badge>
          ),
        },
        { key: 'countries', render: (row) => row.countries.join(', ') },
      ]}
      filters={[{ key: 'status', options: states }]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'value', kind: 'decimal', required: true, min: 0, max: 100 },
        {
          key: 'status',
          kind: 'select',
          options: states,
          initial: 'aborted',
          required: true,
          description: t('config.tax.statusHint'),
        },
        { key: 'inclusive', kind: 'switch', initial: true, description: t('config.tax.inclusiveHint') },
        { key: 'countries', kind: 'tags', wide: true, description: t('config.tax.countriesHint') },
      ]}
    />
  );
}
