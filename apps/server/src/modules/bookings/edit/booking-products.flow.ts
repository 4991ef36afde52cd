import type { TBooking } from '@atoll/domain/bookings';
import { nextProductKey, type TAddProduct, type TChosenProduct } from '@atoll/domain/products';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import type { TSessionUser } from '../../auth/auth.service.ts';
import { createProductsRepository, type TProductRow } from '../../products/products.repository.ts';
import { entryOf, type TBookingRoomsFlow, type TContext, type TLock } from './booking-rooms.flow.ts';

// Products and add-ons on a stored booking (spec booking §7 `{bookingId}/product/{product}` and
// `/addon/{addon}`, docs/domain/calculation-lines.md and products.md): the choice is kept in `chosen_products` and the engine makes
// its lines on every recalculation (quantity by charging base over the nights and persons of the room
// entry or booking). They run through the rooms flow's sequence (lock → step → reprice → version); the
// version row also settles the stock (products/booking-stock.ts). Removing is the line's delete
// (calculation.flow.ts), which drops the choice too. Agents: add-ons on their own bookings, no products
// and no prices of their own (ADR 0012 "Products").

export type TProductKind = TChosenProduct['type'];
export type TProductChoice = Omit<TAddProduct, 'version'>;

/** The product must be active, an add-on for `addon`, and sold where the booking is (or everywhere). */
function assertFits(product: TProductRow, kind: TProductKind, ctx: TContext) {
  if (!product.isActive) throw badRequest('The product is not active', kind);
  if (kind === 'addon' && !product.isAddon) throw badRequest('The product is not an add-on', 'addon');
  const { resortId, vesselId } = ctx.row;
  const general = product.resortId === null && product.vesselId === null;
  const here =
    (product.resortId !== null && product.resortId === resortId) ||
    (product.vesselId !== null && product.vesselId === vesselId);
  if (!general && !here) throw badRequest('The product is not sold at the booking’s resort or vessel', kind);
}

/** The guests must be of the booking (of the room entry when one is named). */
function assertGuests(ctx: TContext, choice: TProductChoice) {
  const allowed = ctx.guests.filter(
    (g) => choice.roomBookingId === undefined || g.bookingRoomId === choice.roomBookingId,
  );
  choice.guestIds?.forEach((id, i) => {
    if (!allowed.some((g) => g.id === id))
      throw badRequest('The guest is not part of the booking or room entry', `guestIds.${i}`);
  });
}

export function createBookingProductsFlow(deps: { rooms: Pick<TBookingRoomsFlow, 'run'> }) {
  const { run } = deps.rooms;
  const productsRepository = createProductsRepository();

  return {
    /** Adds a product or add-on to the booking and recalculates it. */
    add(
      user: TSessionUser,
      id: number,
      kind: TProductKind,
      productId: number,
      choice: TProductChoice,
      lock: TLock,
    ): Promise<TBooking> {
      const action = kind === 'addon' ? 'addAddon' : 'addProduct';
      return run(user, id, lock, { action, agents: kind === 'addon' }, async (ctx) => {
        if (ctx.writer.isAgent && choice.price !== undefined) throw forbidden();
        const product = await productsRepository.product(ctx.tx, productId);
        if (!product) throw notFound('Product');
        assertFits(product, kind, ctx);
        if (choice.roomBookingId !== undefined) entryOf(ctx, choice.roomBookingId);
        assertGuests(ctx, choice);
        const chosen = (ctx.row.chosenProducts ?? []) as TChosenProduct[];
        const entry: TChosenProduct = {
          key: nextProductKey(chosen),
          productId,
          type: kind,
          ...(choice.roomBookingId !== undefined ? { roomBookingId: choice.roomBookingId } : {}),
          ...(choice.guestIds ? { guestIds: choice.guestIds } : {}),
          ...(choice.qtyPerUnit !== undefined ? { qtyPerUnit: choice.qtyPerUnit } : {}),
          ...(choice.price !== undefined ? { price: choice.price } : {}),
        };
        return { patch: { chosenProducts: [...chosen, entry] }, reprice: true };
      });
    },
  };
}
