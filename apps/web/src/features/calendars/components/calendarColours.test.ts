import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { BLOCK_SWATCHES, SWATCHES } from './calendarColours.ts';

/** `var(--mantine-color-green-3)` → the default theme's hex; white and black as they are. */
function hexOf(colour: string): string {
  const named = /--mantine-color-(white|black)\)/.exec(colour);
  if (named) return named[1] === 'white' ? '#ffffff' : '#000000';
  const match = /--mantine-color-([a-z]+)-(\d)\)/.exec(colour);
  if (!match) throw new Error(colour);
  return DEFAULT_THEME.colors[match[1] as string]?.[Number(match[2])] as string;
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [16, 8, 0].map((shift) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light as number) + 0.05) / ((dark as number) + 0.05);
};

describe('calendar colours', () => {
  it('keep every state’s and block’s text at 4.5:1 or more on its background (axe color-contrast)', () => {
    for (const [name, swatch] of Object.entries({ ...SWATCHES, ...BLOCK_SWATCHES })) {
      const ratio = contrast(hexOf(swatch.background), hexOf(swatch.color));
      expect(ratio, name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
