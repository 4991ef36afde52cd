import { visibleRange } from '@atoll/domain/bookings/calendar';
import { type RefObject, useEffect, useState } from 'react';

type TWindow = { rows: { start: number; end: number }; columns: { start: number; end: number } };
type TGrid = { rowCount: number; columnCount: number; rowHeight: number; columnWidth: number };
type TOffsets = { top: number; left: number };

/**
 * The rows and columns of a scrolled grid that are on screen (plus a few around them), so that thousands
 * of rooms × a year render as a few hundred cells. `offsets`: the sticky header and room column, which
 * cover the first pixels of the scroll box. Updates on scroll and resize, once per animation frame.
 */
export function useGridWindow(box: RefObject<HTMLElement | null>, grid: TGrid, offsets: TOffsets): TWindow {
  const [view, setView] = useState({ top: 0, left: 0, height: 600, width: 1200 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView({ top: el.scrollTop, left: el.scrollLeft, height: el.clientHeight, width: el.clientWidth });
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', schedule);
      resize.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [box]);

  return {
    rows: visibleRange(view.top, view.height - offsets.top, grid.rowHeight, grid.rowCount),
    columns: visibleRange(view.left, view.width - offsets.left, grid.columnWidth, grid.columnCount),
  };
}
