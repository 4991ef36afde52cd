import type { TPosTab } from '@atoll/domain/onsite/pos';
import { Button, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingSearch, useOpenRoomTab } from '../api.ts';
import type { TCounterAsset } from '../counterAsset.ts';
import { sameTab, type TTabIdentity } from '../offline-queue.ts';

export type TTabChoice = TTabIdentity & { name: string; room: boolean; asset?: string | undefined };

/** The open tabs as large buttons, a new walk-in's tab (works offline) and a room tab for a booking. */
export function TabList(props: {
  tabs: TTabChoice[];
  selected: TTabIdentity | null;
  online: boolean;
  /** The resorts and vessels of the cashier; the one a new walk-in's tab belongs to. */
  assets: TCounterAsset[];
  asset: string;
  onAsset: (key: string) => void;
  onSelect: (tab: TTabIdentity) => void;
  onNewWalkIn: () => void;
  onRoomTab: (tab: TPosTab) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useBookingSearch(props.online ? search : '').data ?? [];
  const openRoomTab = useOpenRoomTab();
  const same = (tab: TTabIdentity) => props.selected !== null && sameTab(props.selected, tab);

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('pos.counter.tabs')}
      </Title>
      {/* Side by side where the counter gives the tabs the whole width, one under the other in a column. */}
      <SimpleGrid minColWidth="14rem" spacing="xs" style={{ alignItems: 'end' }}>
        {props.assets.length === 1 && (
          <Text size="sm" c="dimmed">
            {t('pos.counter.at', { name: props.assets[0]?.name })}
          </Text>
        )}
        {props.assets.length > 1 &&
          (props.assets.length <= 3 ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="pos-asset-label">
                {t('pos.counter.asset')}
              </Text>
              {/* One under the other: two resort or vessel names side by side do not fit a column. */}
              <SegmentedControl
                aria-labelledby="pos-asset-label"
                size="md"
                fullWidth
                orientation="vertical"
                value={props.asset}
                onChange={props.onAsset}
                data={props.assets.map((a) => ({ value: a.key, label: a.name }))}
              />
            </Stack>
          ) : (
            <Select
              label={t('pos.counter.asset')}
              size="md"
              value={props.asset || null}
              onChange={(v) => v && props.onAsset(v)}
              data={props.assets.map((a) => ({ value: a.key, label: a.name }))}
              allowDeselect={false}
            />
          ))}
        <Button size="lg" styles={WRAP} h="auto" mih={50} onClick={props.onNewWalkIn}>
          {t('pos.counter.newWalkIn')}
        </Button>
        <TextInput
          label={t('pos.counter.roomTab')}
          placeholder={t('pos.counter.bookingSearch')}
          value={search}
          disabled={!props.online}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      </SimpleGrid>
      <SimpleGrid minColWidth="14rem" spacing="xs">
        {found.map((b) => (
          <Button
            key={b.id}
            variant="light"
            size="md"
            styles={WRAP}
            h="auto"
            mih={42}
            loading={openRoomTab.isPending}
            onClick={async () => {
              props.onRoomTab(await openRoomTab.mutateAsync(b));
              setSearch('');
            }}
          >
            {`${b.bookingNo ?? b.reservationNo ?? b.id} · ${b.customerName ?? ''}`}
          </Button>
        ))}
        {props.tabs.map((tab) => (
          <Button
            key={tab.key ?? tab.id}
            size="lg"
            styles={WRAP}
            h="auto"
            mih={50}
            variant={same(tab) ? 'filled' : 'default'}
            aria-pressed={same(tab)}
            onClick={() => props.onSelect(tab)}
          >
            {tab.name}
            {tab.room && ` · ${t('pos.counter.room')}`}
            {tab.asset && !tab.room && ` · ${tab.asset}`}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A touch button's words wrap onto a second line instead of being cut. */
const WRAP = {
  root: { paddingBlock: 'var(--mantine-spacing-xs)' },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;
