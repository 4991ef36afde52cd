import {
  Alert,
  createTheme,
  Drawer,
  type MantineColor,
  Menu,
  Modal,
  mergeThemeOverrides,
  Pagination,
  TableScrollContainer,
} from '@mantine/core';
import { baseTheme } from './theme-base.ts';

/** Colours whose own shade is below 4.5:1 on their light tint: an alert of theirs writes its title in the text colour. */
const LIGHT_TEXT_COLOURS = new Set(['yellow', 'orange', 'lime', 'green', 'teal']);

/** The texts the theme gives components: the close buttons' name, and the pager's controls and pages. */
type TText = (key: string, values?: Record<string, unknown>) => string;

/**
 * The back office's theme: the base, and `t` naming the close buttons of drawers and modals and every pager's
 * controls and pages (first, previous, next, last; "Page 3"), which have no text of their own. A table's
 * scroll container is the containing block of what its cells position absolutely (visually hidden column names):
 * else those escape the scrolling and widen the page on a phone. It scrolls natively and is a tab stop, so a keyboard
 * reaches the columns beyond the screen's edge (a scrolling region must be focusable). A menu holds only its items:
 * without Mantine's focus placeholder, a focusable "presentation" element that a menu may not contain.
 */
export function buildTheme(t: TText, brand: MantineColor = 'blue') {
  const closeLabel = t('app.close');
  return mergeThemeOverrides(
    baseTheme(brand),
    createTheme({
      components: {
        Alert: Alert.extend({
          vars: (_theme, props) => ({
            root: LIGHT_TEXT_COLOURS.has(String(props.color))
              ? { '--alert-color': 'var(--mantine-color-text)' }
              : {},
          }),
        }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
        Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
        Pagination: Pagination.extend({
          defaultProps: {
            getControlProps: (control) => ({ 'aria-label': t(`datatable.${control}Page`) }),
            getItemProps: (page) => ({ 'aria-label': t('datatable.page', { page }) }),
          },
        }),
        TableScrollContainer: TableScrollContainer.extend({
          defaultProps: { type: 'native', tabIndex: 0 },
          styles: { scrollContainer: { position: 'relative' } },
        }),
      },
    }),
  );
}
