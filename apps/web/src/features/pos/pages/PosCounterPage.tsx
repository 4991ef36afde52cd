import { D, formatMoney } from '@atoll/domain/money';
import type { TProduct } from '@atoll/domain/products';
import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useActiveProducts, useProductCategories } from '../../products/api.ts';
import { useOpenTabs, useResolveTab, useTabAccount } from '../api.ts';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { SyncStatus } from '../components/SyncStatus.tsx';
import { TabList, type TTabChoice } from '../components/TabList.tsx';
import { openOf, TAB_PANEL_ID, TabPanel } from '../components/TabPanel.tsx';
import { useCounterAsset } from '../counterAsset.ts';
import { newKey, sameTab, type TTabIdentity, type TTabRef } from '../offline-queue.ts';
import { useCounter } from '../useCounter.ts';
import classes from './PosCounterPage.module.css';

/**
 * The counter's own widths: two columns (catalogue and tab) from `sm`, three (the tabs beside them) from `lg`.
 * PosCounterPage.module.css repeats `sm` for the bar of the one-column counter.
 */
const COUNTER_WIDTHS = { xs: '30em', sm: '45em', md: '62em', lg: '75em', xl: '88em' };

/**
 * /pos/counter: the touch counter (spec booking §7 Point of sale). Tabs on the left (on top where the counter is
 * narrower), the catalogue as large buttons, the chosen tab on the right; every sale goes through the offline
 * queue, so the counter keeps selling without a network and syncs when it is back (docs/domain/onsite.md).
 */
export default function PosCounterPage() {
  const { t } = useTranslation();
  const counter = useCounter();
  const serverTabs = useOpenTabs().data ?? [];
  const products = useActiveProducts().data ?? [];
  const categories = new Map((useProductCategories().data ?? []).map((c) => [c.id, c.name]));
  const resolve = useResolveTab();
  const [selected, setSelected] = useState<TTabIdentity | null>(null);
  const place = useCounterAsset();
  // The asset's name on a tab, when the cashier works at more than one.
  const assetOf = (at: { resortId?: number | null | undefined; vesselId?: number | null | undefined }) =>
    place.assets.length > 1
      ? place.assets.find(
          (a) =>
            (at.resortId != null && a.resortId === at.resortId) ||
            (at.vesselId != null && a.vesselId === at.vesselId),
        )?.name
      : undefined;

  const tabs: TTabChoice[] = serverTabs.map((tab) => ({
    id: tab.id,
    key: tab.idempotencyKey ?? undefined,
    name: tab.name,
    room: tab.bookingId !== null,
    asset: assetOf(tab),
  }));
  for (const entry of counter.pending)
    if (entry.kind === 'tab' && !tabs.some((tab) => tab.key === entry.key))
      tabs.unshift({ key: entry.key, name: entry.name, room: false, asset: assetOf(entry) });
  const current = selected ? tabs.find((tab) => sameTab(tab, selected)) : undefined;
  const answer = useTabAccount(current?.id ?? null).data;
  const refOf = (tab: TTabIdentity): TTabRef =>
    tab.id !== undefined ? { id: tab.id } : { key: tab.key ?? '' };
  const forCurrent = (ref: TTabRef) => current !== undefined && sameTab(current, ref);
  const pendingSales = counter.pending.flatMap((e) => (e.kind === 'sale' && forCurrent(e.tab) ? [e] : []));
  const pendingPaid = counter.pending
    .reduce((sum, e) => (e.kind === 'payment' && forCurrent(e.tab) ? sum.plus(e.amount) : sum), new D(0))
    .toFixed(2);
  const at = () => new Date().toISOString();

  const newWalkIn = async () => {
    const key = newKey();
    const time = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    setSelected({ key });
    const asset = place.current;
    await counter.enqueue({
      kind: 'tab',
      key,
      name: `${t('pos.counter.walkIn')} ${time}`,
      at: at(),
      ...(asset?.resortId ? { resortId: asset.resortId } : {}),
      ...(asset?.vesselId ? { vesselId: asset.vesselId } : {}),
    });
  };
  const sell = (p: TProduct) =>
    current &&
    counter.enqueue({
      kind: 'sale',
      key: newKey(),
      tab: refOf(current),
      item: p.id,
      text: p.name,
      quantity: '1',
      price: p.price,
      at: at(),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <PageHeader title={t('routes.posCounter')} intro={t('pos.counter.intro')} />
        <SyncStatus counter={counter} />
      </Group>
      {/* Laid out by the width the page gives the counter (a container query), not the screen's: beside the menu a
          1280 px screen leaves under 1,000 px. Three columns from 1,200 px; below, the tabs go on top. */}
      <Grid type="container" breakpoints={COUNTER_WIDTHS}>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <TabList
            tabs={tabs}
            selected={selected}
            online={counter.online}
            assets={place.assets}
            asset={place.current?.key ?? ''}
            onAsset={place.choose}
            onSelect={setSelected}
            onNewWalkIn={() => void newWalkIn()}
            onRoomTab={(tab) => setSelected({ id: tab.id })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 5 }}>
          {current ? null : <Text c="dimmed">{t('pos.counter.chooseTab')}</Text>}
          <ProductGrid
            products={products}
            categories={categories}
            disabled={!current}
            onSell={(p) => void sell(p)}
          />
          {current && (
            <Paper withBorder shadow="md" p="xs" className={classes.bar}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" truncate>
                    {current.name}
                  </Text>
                  <Text fw={700}>
                    {formatMoney(
                      openOf(answer, pendingSales, pendingPaid),
                      answer?.account.currency ?? 'EUR',
                      currentLanguage(),
                    )}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  style={{ flexShrink: 0 }}
                  onClick={() => document.getElementById(TAB_PANEL_ID)?.scrollIntoView({ block: 'start' })}
                >
                  {t('pos.counter.showTab')}
                </Button>
              </Group>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
          {current && (
            <TabPanel
              name={current.name}
              answer={answer}
              pendingSales={pendingSales}
              pendingPaid={pendingPaid}
              room={current.room}
              onPay={(method, amount) =>
                void counter.enqueue({
                  kind: 'payment',
                  key: newKey(),
                  tab: refOf(current),
                  amount,
                  method,
                  at: at(),
                })
              }
              onClose={() => {
                if (current.id === undefined) return;
                resolve.mutate(current.id, { onSuccess: () => setSelected(null) });
              }}
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
