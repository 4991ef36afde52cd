import {
  Badge,
  createTheme,
  defaultVariantColorsResolver,
  Loader,
  type MantineColor,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

// The look every page shares, also the guests' light entry (src/public), which must not pull in the
// back office's drawers and modals: theme.ts adds those.

// Light and subtle variants (badges, light and subtle buttons) get their text from shade 9 and hover on shade 1:
// Mantine's defaults fall below 4.5:1 contrast, at rest and under the pointer (a subtle button that appears
// where the pointer just clicked is hovered at once).
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return {
    ...colors,
    color: `var(--mantine-color-${parsed.color}-9)`,
    hover: `var(--mantine-color-${parsed.color}-1)`,
  };
};

/**
 * The look every page shares, the guests' light entry included: primaryShade 8 keeps text on the brand
 * colour above 4.5:1 contrast (stack-notes G9).
 */
export function baseTheme(brand: MantineColor = 'blue') {
  return createTheme({
    primaryColor: brand,
    primaryShade: { light: 8, dark: 6 },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    defaultRadius: 'md',
    variantColorResolver,
    // People who ask their system for less motion get no transitions (and axe measures settled colours).
    respectReducedMotion: true,
    components: {
      // A badge is never cut to "CAN…": Mantine cuts its label with an ellipsis, so its smallest width is none and a
      // table column squeezes it. Its word is its smallest width.
      Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
      // A loader announces itself as a status, which also makes its aria-label allowed.
      Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    },
  });
}

/**
 * Dimmed text one shade darker than Mantine's default, and field errors in red 8 instead of red 6: both
 * defaults fail WCAG AA contrast on white.
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
