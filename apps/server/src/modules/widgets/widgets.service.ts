import type { TPublicWidget, TWidget, TWidgetAction, TWidgetLook, TWidgetStats } from '@atoll/domain/widgets';
import { today } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { createWidgetsRepository, type TWidgetRow } from './widgets.repository.ts';

// The widget's rules: one resort or vessel per widget, a unique slug, tracking once per
// visitor and action (the unique index widget_events_once), and the funnel views → searches → bookings.

export type { TWidgetRow };

const repository = createWidgetsRepository();

const DAY_MS = 86_400_000;
/** The longest stats period: one year and a day. */
export const MAX_STATS_DAYS = 367;

export const slugTaken = () => new AppError(409, 'SLUG_TAKEN', 'The slug is already used by another widget');

export function toWidget(row: TWidgetRow): TWidget {
  const assetType = row.assetType === 'vessel' ? 'vessel' : 'resort';
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    assetType,
    assetId: assetType === 'vessel' ? row.vesselId : row.resortId,
    resortId: row.resortId,
    vesselId: row.vesselId,
    language: row.language === 'de' ? 'de' : 'en',
    look: (row.look ?? {}) as TWidgetLook,
    allowedOrigins: (row.allowedOrigins ?? []) as string[],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicWidget(row: TWidgetRow): TPublicWidget {
  const { id, slug, assetType, assetId, language, look } = toWidget(row);
  return { id, slug, assetType, assetId, language, look };
}

/** 409 SLUG_TAKEN when another widget has the slug. */
export async function ensureFreeSlug(ex: Executor, slug: string, exceptId?: number) {
  const other = await repository.otherWithSlug(ex, slug, exceptId);
  if (other) throw slugTaken();
}

/** The asset columns for a resort or vessel id; 400 when it does not exist. */
export async function assetColumns(ex: Executor, assetType: 'resort' | 'vessel', assetId: number) {
  const found = await repository.assetExists(ex, assetType, assetId);
  if (!found) throw badRequest(`The ${assetType} ${assetId} does not exist`, 'assetId');
  return assetType === 'vessel'
    ? { assetType, vesselId: assetId, resortId: null }
    : { assetType, resortId: assetId, vesselId: null };
}

/** A free slug for a copy: `<slug>-copy`, `<slug>-copy-2`, … within 64 characters. */
export async function copySlug(ex: Executor, slug: string) {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const candidate = `${slug.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
    const other = await repository.withSlug(ex, candidate);
    if (!other) return candidate;
  }
  throw slugTaken();
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

export function createWidgetsService(db: Db) {
  /** An active widget by id (digits) or slug. */
  async function activeWidget(key: string): Promise<TWidgetRow | undefined> {
    const byId = /^[1-9][0-9]{0,9}$/.test(key) && Number(key) <= 2_147_483_647;
    return repository.active(db, byId ? { id: Number(key) } : { slug: key });
  }

  async function bySlug(slug: string): Promise<TWidgetRow | undefined> {
    return repository.active(db, { slug });
  }

  /** Counts one visitor's action once; a booking must be one of the widget's resort or vessel. */
  async function track(key: string, visitorId: string, action: TWidgetAction, bookingId?: number) {
    const widget = await activeWidget(key);
    if (!widget) throw notFound('Widget');
    let booking: number | null = null;
    if (action === 'booking' && bookingId !== undefined) {
      const row = await repository.bookingAsset(db, bookingId);
      const own =
        row &&
        (widget.assetType === 'vessel'
          ? row.vesselId !== null && row.vesselId === widget.vesselId
          : row.resortId !== null && row.resortId === widget.resortId);
      if (!own) throw badRequest('The booking is not one of this widget’s resort or vessel', 'bookingId');
      booking = bookingId;
    }
    const inserted = await repository.insertEventOnce(db, {
      widgetId: widget.id,
      visitorId,
      action,
      bookingId: booking,
    });
    return { counted: inserted.length > 0 };
  }

  /**
   * The funnel of a widget (404 when there is none) over [from, to] (the operator's days, as every report counts
   * them; default the last 30 days up to today), per day and in total.
   */
  async function stats(widgetId: number, query: { from?: string; to?: string }): Promise<TWidgetStats> {
    if (!(await repository.exists(db, widgetId))) throw notFound('Widget');
    const to = query.to ?? today();
    const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
    if (!(end > start)) throw badRequest('from must not be after to', 'from');
    if ((end - start) / DAY_MS > MAX_STATS_DAYS) throw badRequest('At most a year at once', 'to');
    const rows = await repository.eventCounts(db, widgetId, from, isoDay(new Date(end)));
    const days = new Map<string, { day: string; views: number; searches: number; bookings: number }>();
    for (let t = start; t < end; t += DAY_MS) {
      const d = isoDay(new Date(t));
      days.set(d, { day: d, views: 0, searches: 0, bookings: 0 });
    }
    const key = { view: 'views', search: 'searches', booking: 'bookings' } as const;
    for (const row of rows) {
      const entry = days.get(row.day);
      const field = key[row.action as TWidgetAction];
      if (entry && field) entry[field] += Number(row.n);
    }
    const list = [...days.values()];
    const sum = (f: 'views' | 'searches' | 'bookings') => list.reduce((s, d) => s + d[f], 0);
    const views = sum('views');
    const searches = sum('searches');
    const booked = sum('bookings');
    return {
      widgetId,
      from,
      to,
      totals: {
        views,
        searches,
        bookings: booked,
        searchRate: rate(searches, views),
        bookingRate: rate(booked, searches),
        conversion: rate(booked, views),
      },
      days: list,
    };
  }

  return { activeWidget, bySlug, track, stats };
}
export type TWidgetsService = ReturnType<typeof createWidgetsService>;
