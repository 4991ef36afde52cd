import { createTheme, Drawer, type MantineColor, Modal, mergeThemeOverrides } from '@mantine/core';
import { baseTheme } from './theme-base.ts';

/** The back office's theme: the base, and `closeLabel` naming the close buttons of drawers and modals. */
export function buildTheme(closeLabel: string, brand: MantineColor = 'blue') {
  return mergeThemeOverrides(
    baseTheme(brand),
    createTheme({
      components: {
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
      },
    }),
  );
}
