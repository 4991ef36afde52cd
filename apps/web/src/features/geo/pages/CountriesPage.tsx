import type { TCountry } from '@atoll/domain/geo';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../../components/CurrencySelect.tsx';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { referenceKeys } from '../../../components/useReferenceData.ts';
import { StatesField } from '../components/StatesField.tsx';
import { ActiveText, activeField, activeFilter, GEO_SCOPES } from '../components/shared.tsx';

type TCountryRow = TCountry & Record<string, unknown>;

/** /geo/country: ISO 3166 countries with their names per language, calling codes and states. */
export default function CountriesPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const lang = i18n.language as 'de' | 'en';
  // The list sorts by the name the reader sees: the German one has its own sort field.
  const nameKey = lang === 'de' ? 'nameDe' : 'name';
  const nameOf = (row: TCountryRow) => row.translations[lang] || row.name;
  // Pickers keep countries for a day; after this screen they load what may have changed.
  useEffect(() => () => void client.invalidateQueries({ queryKey: referenceKeys.all }), [client]);

  return (
    <ResourcePage<TCountryRow>
      resource="country"
      title={t('routes.countries')}
      intro={t('geo.countries.intro')}
      defaultSort={nameKey}
      scopes={GEO_SCOPES}
      nameOf={nameOf}
      uniqueField="code"
      columns={[
        { key: 'code', sortable: true, width: 70 },
        { key: nameKey, header: t('geo.countries.name'), sortable: true, render: nameOf },
        { key: 'callingCodes', render: (row) => row.callingCodes.join(', ') },
        { key: 'currency', sortable: true },
        { key: 'states', render: (row) => row.states.length || '' },
        { key: 'isActive', sortable: true, render: (row) => <ActiveText active={row.isActive} t={t} /> },
      ]}
      filters={[activeFilter(t)]}
      fields={[
        { key: 'code', kind: 'text', required: true, description: t('geo.countries.codeHint') },
        { key: 'code3', kind: 'text', description: t('geo.countries.code3Hint') },
        { key: 'name', kind: 'text', required: true, description: t('geo.countries.nameHint') },
        {
          key: 'currency',
          kind: 'custom',
          render: ({ value, onChange, label, error, disabled }) => (
            <CurrencySelect
              label={label}
              value={value as string | null}
              onChange={onChange}
              error={error}
              disabled={disabled}
            />
          ),
        },
        { key: 'translations', kind: 'translations' },
        { key: 'callingCodes', kind: 'tags', description: t('geo.countries.callingCodesHint') },
        activeField(t),
        {
          key: 'states',
          kind: 'custom',
          initial: [],
          wide: true,
          render: (props) => <StatesField {...props} />,
        },
      ]}
    />
  );
}
