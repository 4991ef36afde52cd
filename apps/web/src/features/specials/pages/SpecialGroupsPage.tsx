import type { TSpecialsGroup } from '@atoll/domain/pricing/entities';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { GROUP_RESOURCE } from '../api.ts';

type TGroupRow = TSpecialsGroup & Record<string, unknown>;

const WRITE = { create: ['price.create'], update: ['price.update'], delete: ['price.delete'] };

/**
 * /specials/group: groups of specials. Specials of one group compete (only the best applies), and the
 * SpecialsGroup rule chains a special to groups already applied (docs/domain/specials.md).
 */
export default function SpecialGroupsPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TGroupRow>
      resource={GROUP_RESOURCE}
      title={t('routes.specialGroups')}
      intro={t('specials.groups.intro')}
      defaultSort="name"
      scopes={WRITE}
      columns={[
        { key: 'name', sortable: true },
        { key: 'description', wrap: true },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'sort', kind: 'number', initial: 0 },
        { key: 'description', kind: 'textarea', wide: true },
      ]}
    />
  );
}
