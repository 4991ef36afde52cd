import {
  createTheme,
  Drawer,
  type MantineColor,
  Modal,
  mergeThemeOverrides,
  TableScrollContainer,
} from '@mantine/core';
import { baseTheme } from './theme-base.ts';

/**
 * The back office's theme: the base, and `closeLabel` naming the close buttons of drawers and modals. A table's
 * scroll container is the containing block of what its cells position absolutely (visually hidden column names):
 * else those escape the scrolling and widen the page on a phone.
 */
export function buildTheme(closeLabel: string, brand: MantineColor = 'blue') {
  return mergeThemeOverrides(
    baseTheme(brand),
    createTheme({
      components: {
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        TableScrollContainer: TableScrollContainer.extend({
          styles: { scrollContainer: { position: 'relative' } },
        }),
      },
    }),
  );
}
