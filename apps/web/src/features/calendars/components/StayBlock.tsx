import { dragCells } from '@atoll/domain/bookings/calendar';
import { ActionIcon } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { type CSSProperties, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Calendar.module.css';

/** Pixels a pointer may wander before a press becomes a drag. */
const DRAG_THRESHOLD = 4;

type TProps = {
  box: { top: number; left: number; width: number; height: number };
  swatch: { background: string; color: string };
  label: string;
  description: string;
  /** A locked entry (or one of a departure) cannot be dragged. */
  canDrag: boolean;
  /** Released and cancelled stays lie under the others where they overlap (history, not occupancy). */
  isMinor: boolean;
  onOpen: () => void;
  onDrop: (cells: { days: number; rows: number }) => void;
  onMoveMenu: () => void;
};

/**
 * One stay on the grid: a click opens the booking, a drag moves it along one axis (the larger movement
 * decides: dates or room), the small button opens the keyboard alternative.
 */
export function StayBlock(props: TProps) {
  const { box, swatch, label, description, canDrag, isMinor, onOpen, onDrop, onMoveMenu } = props;
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });

  const down = (event: PointerEvent<HTMLButtonElement>) => {
    if (!canDrag || event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY };
    dragged.current = false;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    if (!dragged.current && Math.max(Math.abs(dx), Math.abs(dy)) < DRAG_THRESHOLD) return;
    dragged.current = true;
    setOffset(Math.abs(dx) >= Math.abs(dy) ? { x: dx, y: 0 } : { x: 0, y: dy });
  };
  const up = () => {
    if (!start.current) return;
    start.current = null;
    const cells = dragCells(offset.x, offset.y);
    setOffset({ x: 0, y: 0 });
    if (dragged.current && (cells.days !== 0 || cells.rows !== 0)) onDrop(cells);
  };
  const click = () => {
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    onOpen();
  };

  const isDragging = offset.x !== 0 || offset.y !== 0;
  const style: CSSProperties = {
    position: 'absolute',
    top: box.top + 3,
    left: box.left + 1,
    width: Math.max(box.width - 2, 12),
    height: box.height - 6,
    transform: `translate(${offset.x}px, ${offset.y}px)`,
    zIndex: isDragging ? 5 : isMinor ? 0 : 1,
    opacity: isDragging ? 0.85 : 1,
    cursor: canDrag ? 'grab' : 'pointer',
    touchAction: canDrag ? 'none' : 'auto',
  };
  return (
    <div style={style} data-testid="stay">
      <button
        type="button"
        className={classes.stay}
        style={{ ...swatch }}
        aria-label={description}
        title={description}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => {
          start.current = null;
          setOffset({ x: 0, y: 0 });
        }}
        onClick={click}
      >
        {label}
      </button>
      {canDrag && box.width >= 60 && (
        <ActionIcon
          size="xs"
          variant="white"
          color="dark"
          className={classes.stayMove}
          aria-label={t('calendars.move.open', { stay: label })}
          onClick={onMoveMenu}
        >
          <IconArrowsMove size={12} aria-hidden />
        </ActionIcon>
      )}
    </div>
  );
}
