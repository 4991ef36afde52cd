import type { TWidgetAction } from '@atoll/domain/widgets';
import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings, resorts, vessels, widgetEvents, widgets } from '../../db/schema.ts';
import { zoneLiteral } from '../bookings/reports/bookings-reports.repository.ts';

export type TWidgetRow = typeof widgets.$inferSelect;

export function createWidgetsRepository() {
  return {
    async exists(ex: Executor, id: number) {
      const [row] = await ex.select({ id: widgets.id }).from(widgets).where(eq(widgets.id, id));
      return row;
    },

    /** Another widget with the slug (any widget when `exceptId` is not given). */
    async otherWithSlug(ex: Executor, slug: string, exceptId?: number) {
      const [row] = await ex
        .select({ id: widgets.id })
        .from(widgets)
        .where(and(eq(widgets.slug, slug), exceptId === undefined ? undefined : ne(widgets.id, exceptId)));
      return row;
    },

    async withSlug(ex: Executor, slug: string) {
      const [row] = await ex.select({ id: widgets.id }).from(widgets).where(eq(widgets.slug, slug));
      return row;
    },

    async assetExists(ex: Executor, assetType: 'resort' | 'vessel', assetId: number) {
      const table = assetType === 'vessel' ? vessels : resorts;
      const [row] = await ex.select({ id: table.id }).from(table).where(eq(table.id, assetId));
      return row;
    },

    /** An active widget by id or slug. */
    async active(ex: Executor, key: { id: number } | { slug: string }) {
      const [row] = await ex
        .select()
        .from(widgets)
        .where(
          and('id' in key ? eq(widgets.id, key.id) : eq(widgets.slug, key.slug), eq(widgets.active, true)),
        );
      return row;
    },

    async bookingAsset(ex: Executor, bookingId: number) {
      const [row] = await ex
        .select({ resortId: bookings.resortId, vesselId: bookings.vesselId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      return row;
    },

    /** Records the visitor's action unless it is there already (widget_events_once); the new row's id. */
    insertEventOnce(
      ex: Executor,
      values: { widgetId: number; visitorId: string; action: TWidgetAction; bookingId: number | null },
    ) {
      return ex.insert(widgetEvents).values(values).onConflictDoNothing().returning({ id: widgetEvents.id });
    },

    /** Events per day and action on the days [from, to) of the operator's time zone (ISO days). */
    eventCounts(ex: Executor, widgetId: number, from: string, to: string) {
      const zone = zoneLiteral();
      const day = sql<string>`to_char(${widgetEvents.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
      const midnight = (iso: string) => sql`(${iso}::date::timestamp at time zone ${zone})`;
      return ex
        .select({ day, action: widgetEvents.action, n: count() })
        .from(widgetEvents)
        .where(
          and(
            eq(widgetEvents.widgetId, widgetId),
            gte(widgetEvents.createdAt, midnight(from)),
            lt(widgetEvents.createdAt, midnight(to)),
          ),
        )
        .groupBy(day, widgetEvents.action);
    },
  };
}
export type TWidgetsRepository = ReturnType<typeof createWidgetsRepository>;
