import { D } from '@atoll/domain/money';
import type { TProduct } from '@atoll/domain/products';
import { hasScope } from '@atoll/domain/scopes';
import { Card, Grid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useActiveProducts, useAssetStocks } from '../api.ts';
import { StockLogTable } from '../components/StockLogTable.tsx';
import { StockUpdateForm } from '../components/StockUpdateForm.tsx';
import { placeKey, placeName, useStockPlaces } from '../components/stockAssets.ts';

/**
 * /product/stock {stock}: the stock of the tracked products per resort and vessel where it is kept there, the
 * rest kept without a place, and the total; a change for one product (at a place, with a reason) and its log.
 */
export default function ProductStockPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canUpdate = hasScope(user?.scopes ?? [], ['product.update']);
  const tracked = (useActiveProducts().data ?? []).filter((p) => p.trackStock);
  const assetStocks = useAssetStocks().data ?? [];
  const places = useStockPlaces();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected: TProduct | undefined = tracked.find((p) => p.id === selectedId) ?? tracked[0];

  // A column per place that keeps stock of a tracked product, resorts first (the order of the places).
  const keys = [...new Set(assetStocks.map(placeKey))].sort((a, b) => {
    const [ia, ib] = [places.findIndex((p) => p.key === a), places.findIndex((p) => p.key === b)];
    return (ia < 0 ? 1e9 : ia) - (ib < 0 ? 1e9 : ib) || a.localeCompare(b);
  });
  const columns = keys.map((key) => {
    const at = assetStocks.find((s) => placeKey(s) === key) ?? { resortId: null, vesselId: null };
    return { key, name: placeName(t, places, at) };
  });
  const stockAt = (p: TProduct, key: string) =>
    assetStocks.find((s) => s.productId === p.id && placeKey(s) === key)?.stock;
  /** What is kept without a place: the total less the places' stock. */
  const unplaced = (p: TProduct) =>
    assetStocks
      .filter((s) => s.productId === p.id)
      .reduce((rest, s) => rest.minus(s.stock), new D(p.stock))
      .toFixed();
  // With stock at assets the table takes the whole width; the change and the log go below it, side by side.
  const perAsset = columns.length > 0;
  const form = (product: TProduct) =>
    canUpdate && (
      <Card withBorder>
        <Title order={2} size="h4" mb="xs">
          {t('products.stock.updateTitle', { name: product.name, stock: product.stock })}
        </Title>
        <StockUpdateForm key={product.id} product={product} places={places} />
      </Card>
    );
  const unit = (p: TProduct) => (p.unit !== 'None' ? ` ${t(`products.units.${p.unit}`)}` : '');
  const red = (v: string | undefined) => (v !== undefined && Number(v) < 0 ? 'red' : undefined);

  return (
    <Stack>
      <PageHeader title={t('routes.productStock')} intro={t('products.stock.intro')} />
      {tracked.length === 0 ? (
        <Text c="dimmed">{t('products.stock.none')}</Text>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, lg: perAsset ? 12 : 5 }}>
            <Table.ScrollContainer
              minWidth={columns.length ? 320 + columns.length * 110 : 280}
              role="region"
              aria-label={t('products.stock.current')}
            >
              <Table highlightOnHover aria-label={t('products.stock.current')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('resources.product.fields.name')}</Table.Th>
                    {columns.map((c) => (
                      <Table.Th key={c.key} ta="right">
                        {c.name}
                      </Table.Th>
                    ))}
                    {columns.length > 0 && <Table.Th ta="right">{t('products.stock.unplaced')}</Table.Th>}
                    <Table.Th ta="right">{t('products.stock.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tracked.map((p) => (
                    <Table.Tr
                      key={p.id}
                      bg={p.id === selected?.id ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td>
                        <UnstyledButton
                          onClick={() => setSelectedId(p.id)}
                          aria-pressed={p.id === selected?.id}
                          mih={32}
                        >
                          {p.name}
                        </UnstyledButton>
                      </Table.Td>
                      {columns.map((c) => {
                        const v = stockAt(p, c.key);
                        return (
                          <Table.Td key={c.key} ta="right" c={red(v)}>
                            {v ?? '–'}
                          </Table.Td>
                        );
                      })}
                      {columns.length > 0 && (
                        <Table.Td ta="right" c={red(unplaced(p))}>
                          {unplaced(p)}
                        </Table.Td>
                      )}
                      <Table.Td ta="right" fw={600} c={red(p.stock)}>
                        {p.stock}
                        {unit(p)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Grid.Col>
          {selected && (
            <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, lg: perAsset ? 3 : 2 }}>
              <Stack>
                {!perAsset && form(selected)}
                <Title order={2} size="h4">
                  {t('products.stock.log')}
                </Title>
                <StockLogTable key={selected.id} productId={selected.id} places={places} />
              </Stack>
            </Grid.Col>
          )}
          {selected && perAsset && canUpdate && (
            <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, lg: 2 }}>
              {form(selected)}
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
