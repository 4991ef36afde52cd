import { THEME_COLORS } from '@atoll/domain/constants';
import { ColorSwatch, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

type TCategory = {
  id: number;
  name: string;
  description: string | null;
  color: string | null;
  isActive: boolean;
  sort: number;
} & Record<string, unknown>;

/** A palette name or a #rrggbb colour. */
const swatch = (color: string | null) =>
  color?.startsWith('#') ? color : `var(--mantine-color-${color ?? 'gray'}-filled)`;

/** /config/settings/bookingcategories: kinds of booking (dive package, liveaboard, course …) with a colour. */
export function BookingCategoriesSettings() {
  const { t } = useTranslation();
  const colors = THEME_COLORS.map((c) => ({ value: c, label: t(`config.theme.colors.${c}`) }));
  return (
    <ResourcePage<TCategory>
      resource="bookingcategory"
      title={t('config.types.bookingcategories')}
      intro={t('config.bookingcategories.intro')}
      defaultSort="sort"
      scopes={{ create: ['settings.update'], update: ['settings.update'], delete: ['settings.update'] }}
      columns={[
        {
          key: 'name',
          sortable: true,
          // A swatch beside plain text: any chosen colour stays readable.
          render: (row) => (
            <Group gap={8} wrap="nowrap">
              <ColorSwatch color={swatch(row.color)} size={14} aria-hidden />
              {row.name}
            </Group>
          ),
        },
        { key: 'description', wrap: true },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => t(row.isActive ? 'common.active' : 'common.inactive'),
        },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'color', kind: 'select', options: colors },
        { key: 'description', kind: 'textarea', wide: true },
        { key: 'sort', kind: 'number', initial: 0 },
        { key: 'isActive', kind: 'switch', initial: true },
      ]}
    />
  );
}
