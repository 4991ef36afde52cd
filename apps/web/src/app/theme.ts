import { createTheme, type MantineColor } from '@mantine/core';

/** primaryShade 8 keeps text on the brand colour above 4.5:1 contrast (stack-notes G9). */
export function buildTheme(brand: MantineColor = 'blue') {
  return createTheme({
    primaryColor: brand,
    primaryShade: { light: 8, dark: 6 },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    defaultRadius: 'md',
    colors: {},
  });
}

/** Dimmed text one shade darker than Mantine's default, which fails WCAG AA contrast on white. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
