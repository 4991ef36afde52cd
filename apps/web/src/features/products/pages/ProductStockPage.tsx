import type { TProduct } from '@atoll/domain/products';
import { hasScope } from '@atoll/domain/scopes';
import { Card, Grid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useActiveProducts } from '../api.ts';
import { StockLogTable } from '../components/StockLogTable.tsx';
import { StockUpdateForm } from '../components/StockUpdateForm.tsx';

/** /product/stock {stock}: the current stock of the tracked products, a change for one, and its log. */
export default function ProductStockPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canUpdate = hasScope(user?.scopes ?? [], ['product.update']);
  const tracked = (useActiveProducts().data ?? []).filter((p) => p.trackStock);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected: TProduct | undefined = tracked.find((p) => p.id === selectedId) ?? tracked[0];

  return (
    <Stack>
      <PageHeader title={t('routes.productStock')} intro={t('products.stock.intro')} />
      {tracked.length === 0 ? (
        <Text c="dimmed">{t('products.stock.none')}</Text>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Table highlightOnHover aria-label={t('products.stock.current')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resources.product.fields.name')}</Table.Th>
                  <Table.Th ta="right">{t('resources.product.fields.stock')}</Table.Th>
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
                      >
                        {p.name}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td ta="right" c={Number(p.stock) < 0 ? 'red' : undefined}>
                      {p.stock} {p.unit !== 'None' ? t(`products.units.${p.unit}`) : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Grid.Col>
          {selected && (
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack>
                {canUpdate && (
                  <Card withBorder>
                    <Title order={2} size="h4" mb="xs">
                      {t('products.stock.updateTitle', { name: selected.name, stock: selected.stock })}
                    </Title>
                    <StockUpdateForm key={selected.id} product={selected} />
                  </Card>
                )}
                <Title order={2} size="h4">
                  {t('products.stock.log')}
                </Title>
                <StockLogTable key={selected.id} productId={selected.id} />
              </Stack>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
