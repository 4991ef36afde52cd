import { THEME_COLORS } from '@atoll/domain/constants';
import { ColorSwatch, Group, Radio, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GroupForm } from './GroupForm.tsx';

/** /config/settings/theme: the brand colour of buttons, links and the active menu entry. */
export function ThemeSettings() {
  const { t } = useTranslation();
  return (
    <GroupForm
      group="theme"
      fields={[
        {
          key: 'primaryColor',
          kind: 'custom',
          label: t('config.theme.primaryColor'),
          render: ({ value, onChange, label, error }) => (
            <Radio.Group label={label} error={error} value={String(value)} onChange={onChange}>
              <SimpleGrid cols={{ base: 2, xs: 3 }} mt="xs" spacing="xs">
                {THEME_COLORS.map((color) => (
                  <Radio
                    key={color}
                    value={color}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={16} aria-hidden />
                        {t(`config.theme.colors.${color}`)}
                      </Group>
                    }
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
          ),
        },
      ]}
    />
  );
}
