import { UNKNOWN_SORT } from '../constants.ts';
import { convert } from '../money/money.ts';
import { chargingQuantity, isPerCustomer } from './charging.ts';
import { addProblem, rateFor, type TCalcContext } from './context.ts';
import { daysBetween } from './dates.ts';
import { D, fix2 } from './dec.ts';
import type { TCalcLine, TPricingProduct } from './engine-types.ts';

// Product, add-on and external lines (docs/domain/calculation-lines.md and products.md): quantity by charging base over the
// nights and persons of the room entry they are attached to, or of the whole booking.
// Keys are `product:<product key>` (`:<person key>` per customer) so later steps find the product.

export function productLines(ctx: TCalcContext): TCalcLine[] {
  return (ctx.input.products ?? []).flatMap((product) => linesOf(ctx, product));
}

function scopeOf(ctx: TCalcContext, product: TPricingProduct) {
  const room = product.roomKey ? ctx.input.rooms.find((r) => r.key === product.roomKey) : undefined;
  const nights = room ? Math.max(0, daysBetween(room.from, room.to)) : ctx.nights;
  const everybody = room ? room.persons : ctx.input.rooms.flatMap((r) => r.persons);
  const persons = product.personKeys?.length ? product.personKeys : everybody.map((p) => p.key);
  return { nights, persons };
}

function linesOf(ctx: TCalcContext, product: TPricingProduct): TCalcLine[] {
  const { nights, persons } = scopeOf(ctx, product);
  const amount = chargingQuantity({
    base: product.chargingBase,
    nights,
    persons: persons.length,
    qtyPerUnit: product.qtyPerUnit,
    perUnit: product.perUnit,
    diveDays: product.diveDays,
    dives: product.dives,
    dayAdjustment: ctx.input.dayAdjustment,
    divesPerDay: ctx.input.divesPerDay,
  });
  if (new D(amount).isZero() || persons.length === 0) return [];
  const rate = rateFor(ctx, product.currency);
  if (!rate) {
    addProblem(ctx, { code: 'NO_RATE', currency: product.currency, detail: product.name });
    return [];
  }
  const price = convert(product.price, rate);
  const steps = [ctx.t.step.quantity(product.chargingBase, amount)];
  if (product.currency !== ctx.currency)
    steps.push(ctx.t.step.converted(product.currency, ctx.currency, rate));
  const owners = isPerCustomer(product.chargingBase) ? persons.map((p) => [p]) : [persons];
  return owners.map((owners) => {
    const customer = owners.length === 1 && isPerCustomer(product.chargingBase) ? (owners[0] ?? null) : null;
    return {
      key: customer ? `product:${product.key}:${customer}` : `product:${product.key}`,
      type: product.type,
      text: product.name,
      sort: UNKNOWN_SORT,
      amount,
      price,
      total: fix2(new D(amount).times(price)),
      customerType: product.customerType ?? 'None',
      customer,
      editable: true,
      deletable: true,
      unique: !customer,
      customData: {
        generator: 'product',
        productId: product.productId ?? null,
        ...(product.roomKey ? { roomKey: product.roomKey } : {}),
        persons: owners,
        currency: product.currency,
        rate,
        steps,
        ...(product.type === 'external' ? { collect: product.collect === true } : {}),
        ...(product.tax ? { tax: product.tax } : {}),
      },
    };
  });
}
