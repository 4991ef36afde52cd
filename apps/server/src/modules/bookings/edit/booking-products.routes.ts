import { ZBooking } from '@atoll/domain/bookings';
import { ZAddProduct } from '@atoll/domain/products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../../http/access.ts';
import { ZIdParams } from '../../../http/request.ts';
import { sentVersion } from '../booking-lock.ts';
import type { TBookingParts } from '../bookings.parts.ts';
import type { TProductKind } from './booking-products.flow.ts';

// `POST /api/bookings/{bookingId}/product/{product}` and `…/addon/{addon}` (spec booking §7 Booking
// POSTs). Products: office (bookings.update); add-ons also agents on their own bookings (agencies.self).

const tags = ['bookings'];
const ZQuery = z.object({ version: z.coerce.number().int().min(1).optional() });
const DESCRIPTION =
  'Body: roomBookingId (attach to one room entry: its nights and guests), guestIds (default everybody), ' +
  'qtyPerUnit (default 1), price (office only; default the product’s, in its currency), version. The ' +
  'engine makes the line(s) by the product’s charging base and recalculates; a confirmed booking takes ' +
  'tracked stock. Remove it by deleting its calculation line.';

export function registerBookingProductsRoutes(app: FastifyInstance, deps: Pick<TBookingParts, 'products'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const flow = deps.products;

  const route = (kind: TProductKind, scopes: string[], summary: string) =>
    r.post(
      `/api/bookings/:bookingId/${kind}/:${kind}`,
      {
        config: { access: { scopes } },
        schema: {
          tags,
          summary,
          description: DESCRIPTION,
          params: z.object({ bookingId: ZIdParams.shape.id, [kind]: ZIdParams.shape.id }),
          querystring: ZQuery,
          body: ZAddProduct,
          response: { 200: ZBooking },
        },
      },
      async (request) => {
        const { query, body } = request;
        // The path names the product after its kind (`{product}` / `{addon}`).
        const params = request.params as { bookingId: number } & Record<TProductKind, number>;
        const { version, ...choice } = body;
        const lock = { version: sentVersion(request.headers, version, query.version) };
        return flow.add(actor(request), params.bookingId, kind, params[kind], choice, lock);
      },
    );

  route('product', ['bookings.update'], 'Adds a product to the booking');
  route('addon', ['bookings.update', 'agencies.self'], 'Adds an add-on to the booking');
}
