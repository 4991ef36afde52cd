import { DAY_EVENT_KINDS, type TDayEvent } from '@atoll/domain/dive';
import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/format.ts';
import { langOf } from '../../../components/pricing/format.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { dateField, periodFilter, timeField } from '../components/fields.tsx';
import { DIVE_SCOPES, valueOptions } from '../components/options.ts';

type TRow = TDayEvent & Record<string, unknown>;
type TParticipant = TDayEvent['participants'][number];

/** The names typed in as participants; a name already there keeps its customer or day guest. */
const participantsOf = (names: string[], before: TParticipant[]): TParticipant[] =>
  names.map((name) => before.find((p) => p.name === name) ?? { name, customerId: null, dayGuestId: null });

/** /dive/dayevent: courses, try-dives and clean-ups of a day with their capacity and participants. */
export default function DayEventsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const kinds = valueOptions(t, 'eventKinds', DAY_EVENT_KINDS);
  return (
    <ResourcePage<TRow>
      resource="dayevent"
      title={t('routes.diveDayEvents')}
      intro={t('dive.dayEvents.intro')}
      defaultSort="date"
      scopes={DIVE_SCOPES('diveplan')}
      columns={[
        { key: 'date', sortable: true, render: (row) => formatDay(row.date, lang) },
        { key: 'time' },
        { key: 'name', sortable: true },
        { key: 'kind', sortable: true, render: (row) => t(`dive.eventKinds.${row.kind}`) },
        {
          key: 'participants',
          render: (row) =>
            row.capacity > 0
              ? t('dive.dayEvents.taken', { count: row.participants.length, capacity: row.capacity })
              : String(row.participants.length),
        },
      ]}
      filters={[periodFilter(t), { key: 'kind', options: kinds }]}
      fields={[
        dateField('date', { required: true }),
        timeField('time'),
        { key: 'name', kind: 'text', required: true },
        { key: 'kind', kind: 'select', options: kinds, initial: 'course', required: true },
        {
          key: 'capacity',
          kind: 'number',
          min: 0,
          max: 1000,
          initial: 0,
          description: t('dive.dayEvents.capacityHint'),
        },
        {
          key: 'participants',
          kind: 'custom',
          initial: [],
          wide: true,
          render: ({ value, onChange, label, error, disabled }) => {
            const before = (value as TParticipant[] | null) ?? [];
            return (
              <TagsInput
                label={label}
                error={error}
                disabled={disabled}
                description={t('dive.dayEvents.participantsHint')}
                value={before.map((p) => p.name)}
                onChange={(names) => onChange(participantsOf(names, before))}
                acceptValueOnBlur
              />
            );
          },
        },
        { key: 'note', kind: 'textarea', wide: true },
      ]}
    />
  );
}
