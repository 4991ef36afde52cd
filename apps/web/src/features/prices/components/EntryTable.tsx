import type { TLanguage } from '@atoll/domain/constants';
import type { TRoomType } from '@atoll/domain/inventory/resorts';
import type { TPriceVariant } from '@atoll/domain/pricing/entities';
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EntryCell, type TGridMode } from './EntryCell.tsx';
import { cellKey, type TCell } from './priceForm.ts';

/** A block of rows: every departure (scheduleId null) or one departure. */
export type TGridRows = { scheduleId: number | null; title: string | null };

type TProps = {
  currency: string;
  block: TGridRows;
  roomTypes: TRoomType[];
  columns: TPriceVariant[];
  lang: TLanguage;
  mode: TGridMode;
  cells: Record<string, TCell>;
  disabled: boolean;
  onCell: (key: string, patch: Partial<TCell>) => void;
  onRemove?: () => void;
};

export const variantName = (v: TPriceVariant, lang: TLanguage) => v.translations[lang] || v.name;

/** One currency's grid of room types × variants, for every departure or for one. */
export function EntryTable(props: TProps) {
  const { currency, block, roomTypes, columns, lang, mode, cells, disabled, onCell, onRemove } = props;
  const { t } = useTranslation();
  const caption = block.title
    ? t('prices.grid.scheduleRows', { schedule: block.title, currency })
    : t('prices.grid.caption', { currency });

  const cellLabel = (roomType: TRoomType, variant: TPriceVariant) =>
    [roomType.name, variantName(variant, lang), currency, ...(block.title ? [block.title] : [])].join(', ');

  return (
    <div>
      {block.title && (
        <Group gap="xs" mb={4}>
          <Text fw={600} size="sm">
            {block.title}
          </Text>
          {onRemove && !disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('prices.grid.removeSchedule', { schedule: block.title })}
              onClick={onRemove}
            >
              <IconX size={14} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      )}
      <Table.ScrollContainer minWidth={160 + columns.length * 120}>
        <Table aria-label={caption} withTableBorder withColumnBorders verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('prices.grid.roomType')}</Table.Th>
              {columns.map((v) => (
                <Table.Th key={v.id} style={{ whiteSpace: 'nowrap' }}>
                  {variantName(v, lang)}
                  {v.perPerson && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {t('prices.grid.perPerson')}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roomTypes.map((rt) => (
              <Table.Tr key={rt.id}>
                <Table.Th scope="row" style={{ fontWeight: 500 }}>
                  {rt.name}
                </Table.Th>
                {columns.map((v) => {
                  const key = cellKey(currency, block.scheduleId, rt.id, v.id);
                  return (
                    <Table.Td key={v.id}>
                      <EntryCell
                        cell={cells[key]}
                        mode={mode}
                        label={cellLabel(rt, v)}
                        disabled={disabled}
                        onChange={(patch) => onCell(key, patch)}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
