import type { TLanguage } from '@atoll/domain/constants';
import { formatMoney } from '@atoll/domain/money';
import type { TPrice, TSupplement } from '@atoll/domain/pricing/entities';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconSquarePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../components/pricing/format.ts';
import { routePath } from '../../../components/routePath.ts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useSupplementsOf } from '../api.ts';

/** "€12.00" in the price currency, or "50 %". */
export function supplementValue(s: TSupplement, currency: string, lang: TLanguage) {
  return s.valueType === 'percent'
    ? `${formatNumber(s.value, lang)} %`
    : formatMoney(s.value, currency, lang);
}

/** The supplements of a price, read-only; they are edited on the supplement screen, filtered to it. */
export function SupplementsCard({ price }: { price: TPrice }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'en' ? 'en' : 'de') as TLanguage;
  const supplements = useSupplementsOf(price.id);
  const currency = price.currencies[0] ?? 'EUR';
  const rows = supplements.data ?? [];
  const field = (key: string) => t(`resources.supplements.fields.${key}`);

  return (
    <SectionCard title={t('prices.edit.supplements')} icon={IconSquarePlus}>
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {supplements.isError ? t('datatable.error') : t('prices.edit.noSupplements')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('prices.edit.supplements')} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{field('name')}</Table.Th>
                  <Table.Th>{field('value')}</Table.Th>
                  <Table.Th>{field('chargingBase')}</Table.Th>
                  <Table.Th>{field('mandatory')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.translations[lang] || s.name}</Table.Td>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {supplementValue(s, currency, lang)}
                    </Table.Td>
                    <Table.Td>{t(`prices.chargingBases.${s.chargingBase}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.mandatory ? 'blue' : 'gray'} radius="sm">
                        {t(s.mandatory ? 'prices.supplements.mandatory' : 'prices.supplements.optional')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group>
          <Anchor component={Link} to={`${routePath('supplements')}?priceId=${price.id}`} size="sm">
            {t('prices.edit.editSupplements')}
          </Anchor>
        </Group>
      </Stack>
    </SectionCard>
  );
}
