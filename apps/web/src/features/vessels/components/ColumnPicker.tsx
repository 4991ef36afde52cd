import { type TVesselListColumn, VESSEL_LIST_COLUMNS } from '@atoll/domain/inventory/vessels';
import { ActionIcon, Group, Input, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFieldProps } from '../../../components/resource/ResourcePage.tsx';

/**
 * An ordered choice of printed columns: the chosen ones in print order with up, down and remove, and a
 * picker that adds one of the rest at the end.
 */
export function ColumnPicker({ value, onChange, label, error, disabled }: TFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = (Array.isArray(value) ? value : []) as TVesselListColumn[];
  const name = (column: TVesselListColumn) => t(`vessels.columns.${column}`);
  const rest = VESSEL_LIST_COLUMNS.filter((c) => !chosen.includes(c));

  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    const [column] = next.splice(index, 1);
    if (column) next.splice(index + by, 0, column);
    onChange(next);
  };

  return (
    <Input.Wrapper label={label} error={error} id={id}>
      <Stack gap={4} mt={4}>
        {chosen.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('vessels.lists.noColumns')}
          </Text>
        )}
        <ol aria-labelledby={`${id}-label`} style={{ margin: 0, paddingLeft: 24 }}>
          {chosen.map((column, i) => (
            <li key={column}>
              <Group gap={4} wrap="nowrap" justify="space-between">
                <Text size="sm">{name(column)}</Text>
                {!disabled && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                      aria-label={t('vessels.lists.moveUp', { name: name(column) })}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      disabled={i === chosen.length - 1}
                      onClick={() => move(i, 1)}
                      aria-label={t('vessels.lists.moveDown', { name: name(column) })}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onChange(chosen.filter((c) => c !== column))}
                      aria-label={t('vessels.lists.removeColumn', { name: name(column) })}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </li>
          ))}
        </ol>
        {!disabled && rest.length > 0 && (
          <Select
            aria-label={t('vessels.lists.addColumn')}
            placeholder={t('vessels.lists.addColumn')}
            data={rest.map((c) => ({ value: c, label: name(c) }))}
            value={null}
            onChange={(column) => column && onChange([...chosen, column])}
            searchable
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
