import type { TPosTab } from '@atoll/domain/onsite/pos';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  // A phone's column is too narrow for two asset names side by side: they go one under the other.
  const narrow = useMediaQuery('(max-width: 36em)');
  const same = (tab: TTabIdentity) => props.selected !== null && sameTab(props.selected, tab);

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('pos.counter.tabs')}
      </Title>
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
            <SegmentedControl
              aria-labelledby="pos-asset-label"
              size="md"
              fullWidth
              orientation={narrow || props.assets.length > 2 ? 'vertical' : 'horizontal'}
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
      <Button size="lg" onClick={props.onNewWalkIn}>
        {t('pos.counter.newWalkIn')}
      </Button>
      <TextInput
        label={t('pos.counter.roomTab')}
        placeholder={t('pos.counter.bookingSearch')}
        value={search}
        disabled={!props.online}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {found.map((b) => (
        <Button
          key={b.id}
          variant="light"
          size="md"
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
          variant={same(tab) ? 'filled' : 'default'}
          aria-pressed={same(tab)}
          onClick={() => props.onSelect(tab)}
        >
          <Group gap={6} wrap="nowrap">
            <span>{tab.name}</span>
            {tab.room && <span>· {t('pos.counter.room')}</span>}
            {tab.asset && !tab.room && <span>· {tab.asset}</span>}
          </Group>
        </Button>
      ))}
    </Stack>
  );
}
