import type { TProductCategory } from '@atoll/domain/products';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';

const SCOPES = { create: ['product.create'], update: ['product.update'], delete: ['product.delete'] };

/** /product/category: groups of the catalogue, also a target of specials (docs/domain/specials.md). */
export default function ProductCategoriesPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage<TProductCategory & Record<string, unknown>>
      resource="productcategory"
      title={t('routes.productCategories')}
      intro={t('products.categories.intro')}
      defaultSort="sort"
      scopes={SCOPES}
      columns={[
        { key: 'name', sortable: true },
        { key: 'sort', sortable: true },
      ]}
      fields={[
        { key: 'name', kind: 'text', required: true },
        { key: 'sort', kind: 'number', initial: 0 },
      ]}
    />
  );
}
