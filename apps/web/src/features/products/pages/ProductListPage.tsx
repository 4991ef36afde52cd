import { formatMoney } from '@atoll/domain/money';
import type { TProduct } from '@atoll/domain/products';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { useProductCategories } from '../api.ts';
import { enumOptions, productFields } from '../components/productFields.tsx';

const SCOPES = { create: ['product.create'], update: ['product.update'], delete: ['product.delete'] };

/** /product/list: the product catalogue (spec booking §3 Product), edited in the drawer. */
export default function ProductListPage() {
  const { t } = useTranslation();
  const categories = useProductCategories().data ?? [];
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <ResourcePage<TProduct & Record<string, unknown>>
      resource="product"
      title={t('routes.products')}
      intro={t('products.list.intro')}
      defaultSort="name"
      scopes={SCOPES}
      filters={[
        {
          key: 'categoryId',
          options: categories.map((c) => ({ value: String(c.id), label: c.name })),
          toFilter: (value) => ({ categoryId: Number(value) }),
        },
        { key: 'type', options: enumOptions(t, 'types', ['ConsumptionGood', 'ReusableGood']) },
      ]}
      columns={[
        { key: 'name', sortable: true },
        { key: 'categoryId', render: (row) => (row.categoryId ? categoryName.get(row.categoryId) : '') },
        { key: 'type', sortable: true, render: (row) => t(`products.types.${row.type}`) },
        {
          key: 'chargingBase',
          sortable: true,
          render: (row) => t(`products.chargingBases.${row.chargingBase}`),
        },
        {
          key: 'price',
          sortable: true,
          render: (row) => formatMoney(row.price, row.currency, currentLanguage()),
        },
        {
          key: 'isAddon',
          render: (row) => (row.isAddon ? <Badge variant="light">{t('products.list.addon')}</Badge> : null),
        },
        {
          key: 'isActive',
          sortable: true,
          render: (row) => (row.isActive ? t('common.yes') : t('common.no')),
        },
      ]}
      fields={productFields(t, categories)}
    />
  );
}
