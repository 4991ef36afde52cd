import type { TCalendarColour } from '@atoll/domain/bookings/calendar';
import type { TBlockKind } from '@atoll/domain/inventory/rooms';

// The colours of the calendars: filled Mantine shades dark enough for white text (≥ 4.5:1; green has none), light
// ones with dark text. The category colour is the operator's own: its text is black or white by luminance.

type TSwatch = { background: string; color: string };
const filled = (name: string, shade = 8): TSwatch => ({
  background: `var(--mantine-color-${name}-${shade})`,
  color: 'var(--mantine-color-white)',
});
const light = (name: string, shade = 2): TSwatch => ({
  background: `var(--mantine-color-${name}-${shade})`,
  color: 'var(--mantine-color-black)',
});

export const SWATCHES: Record<Exclude<TCalendarColour, 'category'>, TSwatch> = {
  offer: filled('gray', 7),
  reservation: filled('violet'),
  booking: filled('blue'),
  confirmedResolved: filled('cyan', 9),
  released: light('grape'),
  cancelled: light('gray', 1),
  waiting: filled('pink', 9),
  past: light('gray', 4),
  checkedIn: light('green', 3),
  checkedOut: filled('teal', 9),
  freeOfCharge: light('yellow', 4),
};

export const BLOCK_SWATCHES: Record<TBlockKind, TSwatch> = {
  Maintanance: light('orange', 3),
  OutOfOrder: light('red', 3),
  Event: light('indigo', 3),
};

/** Black or white text on a `#rgb` / `#rrggbb` colour, by its relative luminance. */
export function textOn(hex: string): string {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6);
  const value = Number.parseInt(full, 16);
  if (Number.isNaN(value) || full.length !== 6) return 'var(--mantine-color-black)';
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.179 ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
}

/** The swatch of an entry's colour; `category` takes the booking category's own colour. */
export function swatchOf(colour: TCalendarColour, categoryColor: string | null): TSwatch {
  if (colour === 'category' && categoryColor)
    return { background: categoryColor, color: textOn(categoryColor) };
  return SWATCHES[colour === 'category' ? 'booking' : colour];
}
