import { z } from 'zod';

// The embeddable booking widget (spec booking "Forms, master, contest, widget"):
// operators create widgets for one resort or vessel with a look, a language and the origins allowed to
// embed them; the public page /widget/:slug tracks views, searches and bookings per visitor.

export const WIDGET_ASSET_TYPES = ['resort', 'vessel'] as const;
export type TWidgetAssetType = (typeof WIDGET_ASSET_TYPES)[number];
export const WIDGET_LANGUAGES = ['de', 'en'] as const;
export const WIDGET_RADII = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export const WIDGET_ACTIONS = ['view', 'search', 'booking'] as const;
export type TWidgetAction = (typeof WIDGET_ACTIONS)[number];

const ZId = z.number().int().positive().max(2_147_483_647);
export const WIDGET_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Lower case letters, digits and inner dashes, at most 64. */
export const ZWidgetSlug = z
  .string()
  .trim()
  .regex(WIDGET_SLUG_PATTERN, 'Lower case letters, digits and dashes (not at the start or end), at most 64');

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ORIGIN = new RegExp(`^https?://(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::([1-9][0-9]{0,4}))?$`);

/** An origin as the browser sends it: http(s)://host[:port] in lower case, no path, no default port. */
export function isOrigin(value: string): boolean {
  const match = ORIGIN.exec(value);
  if (!match || value.length > 300) return false;
  const port = match[1] === undefined ? undefined : Number(match[1]);
  if (port === undefined) return true;
  const defaultPort = value.startsWith('https:') ? 443 : 80;
  return port <= 65_535 && port !== defaultPort;
}
export const ZOrigin = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase().replace(/\/$/, ''))
  .refine(isOrigin, 'An origin: scheme://host[:port], without a path');

export const ZWidgetLook = z.object({
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb')
    .optional(),
  radius: z.enum(WIDGET_RADII).optional(),
});
export type TWidgetLook = z.infer<typeof ZWidgetLook>;

export const ZWidget = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  assetType: z.enum(WIDGET_ASSET_TYPES),
  /** The resort or vessel id, by assetType. */
  assetId: z.number().int().nullable(),
  resortId: z.number().int().nullable(),
  vesselId: z.number().int().nullable(),
  language: z.enum(WIDGET_LANGUAGES),
  look: ZWidgetLook,
  allowedOrigins: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWidget = z.infer<typeof ZWidget>;

export const ZCreateWidget = z.object({
  name: z.string().trim().min(1).max(100),
  slug: ZWidgetSlug,
  assetType: z.enum(WIDGET_ASSET_TYPES),
  assetId: ZId,
  language: z.enum(WIDGET_LANGUAGES).default('en'),
  look: ZWidgetLook.default({}),
  allowedOrigins: z.array(ZOrigin).max(50).default([]),
  active: z.boolean().default(true),
});
export type TCreateWidget = z.infer<typeof ZCreateWidget>;
export const ZUpdateWidget = ZCreateWidget.partial();
export type TUpdateWidget = z.infer<typeof ZUpdateWidget>;

/** What the public page gets for a slug: no name, no origins. */
export const ZPublicWidget = z.object({
  id: z.number().int(),
  slug: z.string(),
  assetType: z.enum(WIDGET_ASSET_TYPES),
  assetId: z.number().int().nullable(),
  language: z.enum(WIDGET_LANGUAGES),
  look: ZWidgetLook,
});
export type TPublicWidget = z.infer<typeof ZPublicWidget>;

export const ZTrackParams = z.object({
  /** The widget's id or slug. */
  widget: z.string().trim().min(1).max(64),
  /** The visitor's random id (kept by the page in sessionStorage; no cookie, no personal data). */
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A random id of 8 to 64 letters, digits, _ or -'),
  action: z.enum(WIDGET_ACTIONS),
});
export const ZTrackBody = z
  .object({ bookingId: ZId.optional() })
  .nullish()
  .transform((v) => v ?? {});
export const ZTrackAnswer = z.object({
  /** false when this visitor's action was counted before. */
  counted: z.boolean(),
});

export const ZStatsQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
const ZFunnel = z.object({
  views: z.number().int(),
  searches: z.number().int(),
  bookings: z.number().int(),
});
export const ZWidgetStats = z.object({
  widgetId: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: ZFunnel.extend({
    /** searches / views, 0..1 (0 without views) */
    searchRate: z.number(),
    /** bookings / searches, 0..1 */
    bookingRate: z.number(),
    /** bookings / views, 0..1 */
    conversion: z.number(),
  }),
  days: z.array(ZFunnel.extend({ day: z.string() })),
});
export type TWidgetStats = z.infer<typeof ZWidgetStats>;
