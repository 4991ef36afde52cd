import { ZBooking } from '@atoll/domain/bookings';
import {
  ZAddOnsiteItem,
  ZMoveOnsiteItem,
  ZOnsiteAccount,
  ZOnsiteDives,
  ZOnsitePayment,
  ZUpdateOnsiteItem,
  ZVoidOnsiteItem,
} from '@atoll/domain/onsite';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../http/access.ts';
import { ZIdParams } from '../../http/request.ts';
import type { TOnsiteFlow } from './onsite.flow.ts';

// Spec booking §7 Onsite and `{booking}/onsite/{onsite}/move` (docs/domain/onsite.md). `{roomId}` is the
// room (rooms.id) of the booking's entry; `rb` names the entry when the room is booked twice. Office
// (bookings.update) and the counter (pos.update).

const tags = ['onsite'];
const access = { scopes: ['bookings.update', 'pos.update'] };
const id = ZIdParams.shape.id;
const ZPlace = z.object({ bookingId: id, roomId: id });
const ZItemParams = ZPlace.extend({ itemId: id });
const ZAnswer = z.object({ booking: ZBooking, account: ZOnsiteAccount });
const response = { 200: ZAnswer };

export function registerOnsiteRoutes(app: FastifyInstance, deps: { onsite: TOnsiteFlow }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { onsite } = deps;
  const base = '/api/bookings/:bookingId/onsite/:roomId';

  r.post(
    base,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Charges an onsite item to a room entry or guest',
        description:
          'Body: item (product), quantity (default 1; × the charging base over the entry’s nights and guests), ' +
          'guestId, rb, price (a unit price of its own), idempotencyKey (a key sent again answers the stored ' +
          'item). Tracked stock is taken (409 OUT_OF_STOCK when not enough).',
        params: ZPlace,
        body: ZAddOnsiteItem,
        response,
      },
    },
    async (request) => {
      const { bookingId, roomId } = request.params;
      const { item, ...rest } = request.body;
      return onsite.add(actor(request), bookingId, { ...rest, roomId, productId: item });
    },
  );

  r.post(
    `${base}/dives`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Books a number of dives (a product charged per dive or per dive day)',
        params: ZPlace,
        body: ZOnsiteDives,
        response,
      },
    },
    async (request) => {
      const { bookingId, roomId } = request.params;
      const { item, ...rest } = request.body;
      return onsite.add(actor(request), bookingId, { ...rest, roomId, productId: item, quantity: '1' });
    },
  );

  r.post(
    `${base}/payment`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Records an onsite payment (cash or card), at most what is open',
        params: ZPlace,
        body: ZOnsitePayment,
        response,
      },
    },
    async (request) => {
      const { bookingId, roomId } = request.params;
      return onsite.payment(actor(request), bookingId, { roomId }, request.body);
    },
  );

  r.delete(
    `${base}/payment/:paymentId`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Removes an onsite payment',
        params: ZPlace.extend({ paymentId: id }),
        response,
      },
    },
    async (request) => {
      const { bookingId, paymentId } = request.params;
      return onsite.removePayment(actor(request), bookingId, paymentId);
    },
  );

  r.post(
    `${base}/:itemId`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Changes an onsite item',
        params: ZItemParams,
        body: ZUpdateOnsiteItem,
        response,
      },
    },
    async (request) => {
      const { bookingId, itemId } = request.params;
      return onsite.update(actor(request), bookingId, itemId, request.body);
    },
  );

  r.delete(
    `${base}/:itemId`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes an onsite item (its stock comes back)',
        params: ZItemParams,
        response,
      },
    },
    async (request) => {
      const { bookingId, itemId } = request.params;
      return onsite.remove(actor(request), bookingId, itemId);
    },
  );

  r.post(
    `${base}/:itemId/void`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Voids an onsite item: kept and struck with who and why, no longer charged',
        params: ZItemParams,
        body: ZVoidOnsiteItem,
        response,
      },
    },
    async (request) => {
      const { bookingId, itemId } = request.params;
      return onsite.void(actor(request), bookingId, itemId, request.body.reason);
    },
  );

  r.post(
    '/api/bookings/:bookingId/onsite/:onsite/move',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Moves an onsite item to another booking, room entry (rb) or guest (customers: [guest id])',
        params: z.object({ bookingId: id, onsite: id }),
        body: ZMoveOnsiteItem,
        response,
      },
    },
    async (request) => {
      const { bookingId, onsite: itemId } = request.params;
      return onsite.move(actor(request), bookingId, itemId, request.body);
    },
  );
}
