import {
  createTheme,
  Drawer,
  type MantineColor,
  Menu,
  Modal,
  mergeThemeOverrides,
  TableScrollContainer,
} from '@mantine/core';
import { baseTheme } from './theme-base.ts';

/**
 * The back office's theme: the base, and `closeLabel` naming the close buttons of drawers and modals. A table's
 * scroll container is the containing block of what its cells position absolutely (visually hidden column names):
 * else those escape the scrolling and widen the page on a phone. It scrolls natively and is a tab stop, so a keyboard
 * reaches the columns beyond the screen's edge (a scrolling region must be focusable). A menu holds only its items:
 * without Mantine's focus placeholder, a focusable "presentation" element that a menu may not contain.
 */
export function buildTheme(closeLabel: string, brand: MantineColor = 'blue') {
  return mergeThemeOverrides(
    baseTheme(brand),
    createTheme({
      components: {
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        TableScrollContainer: TableScrollContainer.extend({
          defaultProps: { type: 'native', tabIndex: 0 },
          styles: { scrollContainer: { position: 'relative' } },
        }),
      },
    }),
  );
}
