import type { TDiveBoat } from '@atoll/domain/dive';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { DIVE_SCOPES } from '../components/options.ts';

type TRow = TDiveBoat & Record<string, unknown>;

/** /dive/boat: dive boats with their seats for divers and crew and their tanks. */
export default function DiveBoatsPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TRow>
      resource="diveboat"
      title={t('routes.diveBoats')}
      intro={t('dive.boats.intro')}
      defaultSort="name"
      scopes={DIVE_SCOPES('diveboat')}
      columns={[
        { key: 'name', sortable: true },
        { key: 'diverCapacity', sortable: true },
        { key: 'crewCapacity' },
        { key: 'tanks' },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true, wide: true },
        { key: 'diverCapacity', kind: 'number', required: true, min: 0, max: 500 },
        { key: 'crewCapacity', kind: 'number', min: 0, max: 100, initial: 0 },
        { key: 'tanks', kind: 'number', min: 0, max: 2000, initial: 0 },
        { key: 'note', kind: 'textarea', wide: true },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
