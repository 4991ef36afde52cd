import type { TLanguage } from '@atoll/domain/constants';
import type { TRoomType } from '@atoll/domain/inventory/resorts';
import type { TSchedule } from '@atoll/domain/inventory/tours';
import type { TPriceVariant } from '@atoll/domain/pricing/entities';
import { Alert, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGridMode } from './EntryCell.tsx';
import { EntryTable, type TGridRows } from './EntryTable.tsx';
import { GridSummary } from './GridSummary.tsx';
import type { TCell, TPriceForm } from './priceForm.ts';

type TProps = {
  form: TPriceForm;
  roomTypes: TRoomType[];
  variants: TPriceVariant[];
  /** The vessel's departures; null for a resort price. */
  schedules: TSchedule[] | null;
  disabled: boolean;
  onCell: (key: string, patch: Partial<TCell>) => void;
  onSchedules: (ids: number[]) => void;
};

export const scheduleLabel = (s: TSchedule) => `${s.tourName ? `${s.tourName} · ` : ''}${s.from} – ${s.to}`;

/**
 * The price's entries: rows = room types of the asset, columns = the price's variants, one tab per
 * currency. A vessel price may add rows for single departures below the rows for every departure.
 */
export function EntriesGrid({ form, roomTypes, variants, schedules, disabled, onCell, onSchedules }: TProps) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'de') as TLanguage;
  const [mode, setMode] = useState<TGridMode>('value');
  const [tab, setTab] = useState<string | null>(form.currencies[0] ?? null);
  const columns = form.variants.flatMap((id) => variants.filter((v) => v.id === Number(id)));
  const byEntry = { surcharge: form.surchargeType === 'ByEntry', discount: form.discountType === 'ByEntry' };
  const modes: TGridMode[] = ['value', ...(['surcharge', 'discount'] as const).filter((m) => byEntry[m])];
  const current = modes.includes(mode) ? mode : 'value';
  const active = tab && form.currencies.includes(tab) ? tab : (form.currencies[0] ?? null);

  if (!form.asset) return <Text c="dimmed">{t('prices.grid.pickAsset')}</Text>;
  if (columns.length === 0) return <Text c="dimmed">{t('prices.grid.pickVariants')}</Text>;
  if (form.currencies.length === 0) return <Text c="dimmed">{t('prices.grid.pickCurrency')}</Text>;
  if (roomTypes.length === 0) return <Alert color="yellow">{t('prices.grid.noRoomTypes')}</Alert>;

  const blocks: TGridRows[] = [
    { scheduleId: null, title: null },
    ...form.scheduleIds.map((id) => {
      const s = schedules?.find((x) => x.id === id);
      return { scheduleId: id, title: s ? scheduleLabel(s) : `#${id}` };
    }),
  ];
  // Departures that start within the season's valid range (all while it is not filled in).
  const inSeason = (s: TSchedule) =>
    !form.validFrom || !form.validTo || (s.from >= form.validFrom && s.from <= form.validTo);
  const addable = (schedules ?? [])
    .filter((s) => !form.scheduleIds.includes(s.id) && inSeason(s))
    .map((s) => ({ value: String(s.id), label: scheduleLabel(s) }));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('prices.grid.hint')}
      </Text>
      {modes.length > 1 && (
        <SegmentedControl
          aria-label={t('prices.grid.mode')}
          value={current}
          onChange={(value) => setMode(value as TGridMode)}
          data={modes.map((m) => ({ value: m, label: t(`prices.grid.modes.${m}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Tabs value={active} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {form.currencies.map((c) => (
            <Tabs.Tab key={c} value={c}>
              {c}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {form.currencies.map((currency) => (
          <Tabs.Panel key={currency} value={currency} pt="md">
            <Stack gap="lg">
              {blocks.map((block) => (
                <EntryTable
                  key={block.scheduleId ?? 0}
                  currency={currency}
                  block={block}
                  roomTypes={roomTypes}
                  columns={columns}
                  lang={lang}
                  mode={current}
                  cells={form.cells}
                  disabled={disabled}
                  onCell={onCell}
                  {...(block.scheduleId
                    ? {
                        onRemove: () => onSchedules(form.scheduleIds.filter((id) => id !== block.scheduleId)),
                      }
                    : {})}
                />
              ))}
              <GridSummary form={form} currency={currency} lang={lang} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      {schedules && (
        <Select
          label={t('prices.grid.addSchedule')}
          description={t('prices.grid.addScheduleHint')}
          data={addable}
          value={null}
          searchable
          disabled={disabled || addable.length === 0}
          nothingFoundMessage={t('datatable.noMatch')}
          onChange={(value) => value && onSchedules([...form.scheduleIds, Number(value)])}
          maw={420}
        />
      )}
    </Stack>
  );
}
