import type { TDayGuest } from '@atoll/domain/dive';
import { ZTripRequirements } from '@atoll/domain/dive/plan';
import { readiness } from '@atoll/domain/dive/readiness';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { dateField, periodFilter } from '../components/fields.tsx';
import { DIVE_SCOPES } from '../components/options.ts';
import { Readiness } from '../components/Readiness.tsx';

type TRow = TDayGuest & Record<string, unknown>;

/** The plain requirements (certification, medical of the last 12 months, physician, insurance). */
const PLAIN = ZTripRequirements.parse({});

/** /dive/dayguest: walk-in divers without a stay, with what readiness needs; the plan takes them on trips. */
export default function DayGuestsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <ResourcePage<TRow>
      resource="dayguest"
      title={t('routes.diveDayGuests')}
      intro={t('dive.dayGuests.intro')}
      defaultSort="date"
      scopes={DIVE_SCOPES('diveplan')}
      columns={[
        { key: 'date', sortable: true, render: (row) => formatDay(row.date, lang) },
        { key: 'name', sortable: true },
        { key: 'nationality', sortable: true },
        { key: 'certLevel' },
        { key: 'loggedDives' },
        { key: 'medicalDate', render: (row) => formatDay(row.medicalDate, lang) },
        {
          key: 'readiness',
          header: t('dive.dayGuests.readiness'),
          wrap: true,
          render: (row) => <Readiness readiness={readiness(row, PLAIN, row.date)} />,
        },
      ]}
      filters={[periodFilter(t)]}
      fields={[
        dateField('date', { required: true }),
        { key: 'name', kind: 'text', required: true },
        { key: 'email', kind: 'text' },
        { key: 'phone', kind: 'text' },
        {
          key: 'nationality',
          kind: 'custom',
          initial: null,
          render: ({ value, onChange, label, error, disabled }) => (
            <CountrySelect
              label={label}
              error={error}
              disabled={disabled}
              value={(value as string | null) ?? null}
              onChange={onChange}
            />
          ),
        },
        { key: 'certAgency', kind: 'text' },
        { key: 'certLevel', kind: 'text' },
        { key: 'loggedDives', kind: 'number', min: 0, initial: 0 },
        dateField('medicalDate'),
        { key: 'insurance', kind: 'text' },
        { key: 'hasNitrox', kind: 'switch' },
        { key: 'medicalYes', kind: 'switch' },
        { key: 'physicianSignOff', kind: 'switch' },
        { key: 'note', kind: 'textarea', wide: true },
      ]}
    />
  );
}
