import { DIVE_CURRENTS, DIVE_DIFFICULTIES, DIVE_ENTRIES, type TDiveSite } from '@atoll/domain/dive';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { DIVE_SCOPES, valueOptions } from '../components/options.ts';

type TRow = TDiveSite & Record<string, unknown>;

/** /dive/site: where the centre dives, with depth, entry, current, difficulty and fee. */
export default function DiveSitesPage() {
  const { t } = useTranslation();
  const entries = valueOptions(t, 'entries', DIVE_ENTRIES);
  const currents = valueOptions(t, 'currents', DIVE_CURRENTS);
  const difficulties = valueOptions(t, 'difficulties', DIVE_DIFFICULTIES);
  return (
    <ResourcePage<TRow>
      resource="divesite"
      title={t('routes.diveSites')}
      intro={t('dive.sites.intro')}
      defaultSort="name"
      scopes={DIVE_SCOPES('divesite')}
      columns={[
        { key: 'name', sortable: true },
        { key: 'maxDepth', sortable: true },
        { key: 'entry', sortable: true, render: (row) => t(`dive.entries.${row.entry}`) },
        { key: 'difficulty', sortable: true, render: (row) => t(`dive.difficulties.${row.difficulty}`) },
      ]}
      filters={[{ key: 'difficulty', options: difficulties }]}
      fields={[
        { key: 'name', kind: 'text', required: true, wide: true },
        { key: 'minDepth', kind: 'number', min: 0, max: 400 },
        { key: 'maxDepth', kind: 'number', min: 0, max: 400 },
        { key: 'entry', kind: 'select', options: entries, initial: 'boat', required: true },
        { key: 'current', kind: 'select', options: currents, initial: 'none', required: true },
        { key: 'difficulty', kind: 'select', options: difficulties, initial: 'easy', required: true },
        { key: 'fee', kind: 'decimal', min: 0 },
        { key: 'latitude', kind: 'number', min: -90, max: 90 },
        { key: 'longitude', kind: 'number', min: -180, max: 180 },
        { key: 'note', kind: 'textarea', wide: true },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
