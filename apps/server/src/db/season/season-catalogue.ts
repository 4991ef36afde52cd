import { ZStockUpdate } from '@atoll/domain/products';
import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../modules/auth/auth.service.ts';
import { newLinkKey } from '../../modules/payments/payment-links.ts';
import type { TProductsService } from '../../modules/products/products.service.ts';
import type { Db } from '../client.ts';
import {
  formDefs,
  paymentProviders,
  productCategories,
  products,
  resorts,
  settings,
  vessels,
  widgets,
} from '../schema.ts';

// What the demo season sells besides rooms and cabins, and how guests pay and book online: product
// categories and products (with stock), a bank-transfer payment provider, a booking widget per asset
// and a custom form; the point of sale and stock switched on, so the counter sells the shop's goods. Rows of
// the operator's configuration, written as the configuration pages write them.

type TProduct = Omit<typeof products.$inferInsert, 'categoryId' | 'stock'> & {
  category: string;
  stock?: number;
};

const CATEGORIES = ['Dive packages', 'Courses', 'Rental gear', 'Nitrox', 'Transfers', 'Shop'];

function productsOf(resortId: number, vesselId: number): TProduct[] {
  const resort = { resortId, currency: 'EUR' };
  return [
    {
      ...resort,
      category: 'Dive packages',
      name: '10 boat dives',
      price: '380.00',
      chargingBase: 'PerPerson',
    },
    {
      ...resort,
      category: 'Dive packages',
      name: '20 boat dives',
      price: '720.00',
      chargingBase: 'PerPerson',
    },
    {
      ...resort,
      category: 'Dive packages',
      name: 'Guided boat dive',
      price: '38.00',
      chargingBase: 'PerDive',
    },
    {
      ...resort,
      category: 'Dive packages',
      name: 'Unlimited house reef',
      price: '15.00',
      chargingBase: 'PerNight',
      isAddon: true,
      isOnlineBookable: true,
    },
    {
      ...resort,
      category: 'Courses',
      name: 'PADI Open Water Diver',
      price: '450.00',
      chargingBase: 'PerPerson',
    },
    {
      ...resort,
      category: 'Courses',
      name: 'PADI Advanced Open Water',
      price: '350.00',
      chargingBase: 'PerPerson',
    },
    { ...resort, category: 'Courses', name: 'Nitrox specialty', price: '180.00', chargingBase: 'PerPerson' },
    {
      category: 'Rental gear',
      name: 'Full equipment',
      description: 'BCD, regulator, wetsuit, mask, fins',
      type: 'ReusableGood',
      price: '25.00',
      chargingBase: 'PerDay',
      isAddon: true,
      isOnlineBookable: true,
    },
    {
      category: 'Rental gear',
      name: 'Dive computer',
      type: 'ReusableGood',
      price: '10.00',
      chargingBase: 'PerDay',
    },
    {
      category: 'Nitrox',
      name: 'Nitrox per dive day',
      price: '12.00',
      chargingBase: 'PerDiveDay',
      isAddon: true,
      isOnlineBookable: true,
    },
    {
      ...resort,
      category: 'Transfers',
      name: 'Airport transfer Cebu – Moalboal',
      price: '60.00',
      chargingBase: 'PerBooking',
      perUnit: true,
      isAddon: true,
      isOnlineBookable: true,
    },
    {
      vesselId,
      category: 'Transfers',
      name: 'Hotel transfer Puerto Princesa',
      price: '35.00',
      chargingBase: 'PerPerson',
      isAddon: true,
    },
    {
      category: 'Shop',
      name: 'Reef-safe sunscreen',
      unit: 'Piece',
      price: '18.00',
      trackStock: true,
      stock: 48,
    },
    { category: 'Shop', name: 'Logbook', unit: 'Piece', price: '12.00', trackStock: true, stock: 30 },
    { category: 'Shop', name: 'Atoll T-shirt', unit: 'Piece', price: '25.00', trackStock: true, stock: 60 },
  ];
}

const ARRIVAL_FORM = {
  name: 'Arrival and diet',
  title: { de: 'Anreise und Verpflegung', en: 'Arrival and diet' },
  fields: [
    {
      key: 'arrival',
      type: 'Date',
      label: { de: 'Ankunftstag', en: 'Arrival day' },
      rules: { required: true },
    },
    { key: 'flight', type: 'QuestionShort', label: { de: 'Flugnummer', en: 'Flight number' } },
    {
      key: 'diet',
      type: 'Radio',
      label: { de: 'Verpflegung', en: 'Diet' },
      options: [
        { value: 'all', label: { de: 'Alles', en: 'Everything' } },
        { value: 'veg', label: { de: 'Vegetarisch', en: 'Vegetarian' } },
        { value: 'vegan', label: { de: 'Vegan', en: 'Vegan' } },
      ],
    },
    { key: 'rating', type: 'Stars', label: { de: 'Letzter Besuch', en: 'Your last stay' } },
  ],
};

export type TCatalogue = { products: Map<string, number> };

/** Products with stock, the bank-transfer provider, the widgets and the custom form of the demo season. */
export async function seedCatalogue(
  db: Db,
  admin: TSessionUser,
  stock: TProductsService,
): Promise<TCatalogue> {
  const [resort] = await db.select({ id: resorts.id }).from(resorts).where(eq(resorts.code, 'CGR'));
  const [vessel] = await db.select({ id: vessels.id }).from(vessels).where(eq(vessels.code, 'AEX'));
  if (!resort || !vessel) throw new Error('demo season: the demo resort and vessel are missing');
  const list = productsOf(resort.id, vessel.id);
  const inserted = await db.transaction(async (tx) => {
    const categories = await tx
      .insert(productCategories)
      .values(CATEGORIES.map((name, sort) => ({ name, sort })))
      .returning();
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const rows = await tx
      .insert(products)
      .values(
        list.map(({ category, stock: _stock, ...p }, sort) => ({
          ...p,
          categoryId: categoryId.get(category) ?? null,
          sort,
        })),
      )
      .returning({ id: products.id, name: products.name });
    await tx.insert(paymentProviders).values({
      name: 'Bank transfer',
      type: 'bank_transfer',
      config: {
        accountHolder: 'Atoll Demo Divers GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Förde Bank',
      },
      secrets: { linkKey: newLinkKey() },
    });
    await tx.insert(widgets).values([
      {
        slug: 'coral-garden',
        name: 'Coral Garden Resort on our website',
        assetType: 'resort',
        resortId: resort.id,
        language: 'en',
        look: { primaryColor: '#0b7285', radius: 'md' },
      },
      {
        slug: 'atoll-explorer',
        name: 'MV Atoll Explorer departures',
        assetType: 'vessel',
        vesselId: vessel.id,
        language: 'de',
        look: { primaryColor: '#1c7ed6', radius: 'sm' },
      },
    ]);
    await tx.insert(formDefs).values(ARRIVAL_FORM);
    await tx
      .insert(settings)
      .values(['pos', 'stock'].map((key) => ({ group: 'features', key, value: true })))
      .onConflictDoNothing();
    return rows;
  });
  const ids = new Map(inserted.map((r) => [r.name, r.id]));
  // The first delivery of the shop's goods, through the stock log like a count at the shelf.
  for (const p of list) {
    const id = ids.get(p.name);
    if (p.stock && id)
      await stock.stockUpdate(admin, id, ZStockUpdate.parse({ set: String(p.stock), note: 'Opening stock' }));
  }
  return { products: ids };
}
