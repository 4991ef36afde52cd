import { formatMoney } from '@atoll/domain/money';
import type { TProduct } from '@atoll/domain/products';
import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';

/** The catalogue as large touch buttons, grouped by category (favourites first: the products' sort). */
export function ProductGrid(props: {
  products: TProduct[];
  categories: Map<number, string>;
  disabled: boolean;
  onSell: (product: TProduct) => void;
}) {
  const { t } = useTranslation();
  const groups = new Map<string, TProduct[]>();
  for (const p of [...props.products].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))) {
    const name = (p.categoryId !== null && props.categories.get(p.categoryId)) || t('pos.counter.other');
    groups.set(name, [...(groups.get(name) ?? []), p]);
  }
  return (
    <Stack component="section" aria-label={t('pos.counter.catalogue')} gap="md">
      {[...groups].map(([name, products]) => (
        <Stack key={name} gap={6}>
          <Title order={2} size="h5">
            {name}
          </Title>
          {/* As many tiles as fit, each wide enough for a product's words: a name wraps between them (inside a word only when it alone is wider than a tile). */}
          <SimpleGrid minColWidth="8.5rem" spacing="xs">
            {products.map((p) => (
              <Button
                key={p.id}
                h="auto"
                py={6}
                variant="light"
                disabled={props.disabled}
                onClick={() => props.onSell(p)}
                styles={{
                  // At least 72 px tall, the words in the middle however many lines they take.
                  inner: { minHeight: 58 },
                  label: {
                    flexDirection: 'column',
                    whiteSpace: 'normal',
                    overflowWrap: 'break-word',
                    hyphens: 'auto',
                  },
                }}
              >
                <Text fw={600} size="sm" lh={1.2}>
                  {p.name}
                </Text>
                <Text size="xs">{formatMoney(p.price, p.currency, currentLanguage())}</Text>
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
