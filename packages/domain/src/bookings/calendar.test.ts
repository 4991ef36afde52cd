import { describe, expect, it } from 'vitest';
import type { TBookingState } from '../inventory/availability.ts';
import {
  COLUMN_WIDTH,
  DEFAULT_COLOUR_OPTIONS,
  dayAt,
  dayIndex,
  displayState,
  dragCells,
  entryColour,
  MAX_CALENDAR_DAYS,
  ROW_HEIGHT,
  stayBox,
  type TColourEntry,
  type TColourOptions,
  visibleRange,
  ZCalendarQuery,
} from './calendar.ts';

const TODAY = '2030-06-10';
const entry = (state: TBookingState, patch: Partial<TColourEntry> = {}): TColourEntry => ({
  state,
  resolved: false,
  to: '2030-06-20',
  checkIn: null,
  checkOut: null,
  isFreeOfCharge: false,
  categoryColor: null,
  ...patch,
});

describe('displayState (spec booking §4, docs/domain/availability.md)', () => {
  it.each([
    ['draft', false, 'offer'],
    ['confirmed', false, 'booking'],
    ['planned', false, 'reservation'],
    ['freed', false, 'released'],
    ['aborted', false, 'cancelled'],
    ['deleted', false, 'cancelled'],
    ['planned', true, 'released'],
    ['confirmed', true, 'confirmedResolved'],
    ['resolved', false, 'confirmedResolved'],
    ['waiting', false, 'waiting'],
    ['rebooked', false, null],
    ['splitted', false, null],
  ] as const)('%s (resolved %s) shows as %s', (state, resolved, shown) => {
    expect(displayState(entry(state, { resolved }), TODAY)).toBe(shown);
  });

  it('derives past from the departure day: on that day the stay is past', () => {
    expect(displayState(entry('confirmed', { to: '2030-06-11' }), TODAY)).toBe('booking');
    expect(displayState(entry('confirmed', { to: TODAY }), TODAY)).toBe('past');
    expect(displayState(entry('draft', { to: '2030-06-01' }), TODAY)).toBe('past');
  });

  it('checked out wins over checked in, and both over past', () => {
    const checkIn = '2030-06-05T14:00:00.000Z';
    const checkOut = '2030-06-09T10:00:00.000Z';
    expect(displayState(entry('confirmed', { checkIn }), TODAY)).toBe('checkedIn');
    expect(displayState(entry('confirmed', { checkIn, checkOut }), TODAY)).toBe('checkedOut');
    expect(displayState(entry('confirmed', { checkIn, to: '2030-06-01' }), TODAY)).toBe('checkedIn');
  });

  it('released, cancelled and waiting keep their label whatever the dates', () => {
    const old = { to: '2030-01-01', checkIn: '2029-12-20T12:00:00.000Z' };
    expect(displayState(entry('freed', old), TODAY)).toBe('released');
    expect(displayState(entry('aborted', old), TODAY)).toBe('cancelled');
    expect(displayState(entry('planned', { ...old, resolved: true }), TODAY)).toBe('released');
    expect(displayState(entry('waiting', old), TODAY)).toBe('waiting');
  });
});

describe('entryColour (spec booking §4 optional colour rules)', () => {
  const all: TColourOptions = {
    greyOutOld: true,
    checkInOutColours: true,
    stateColourUntilConfirmed: true,
    freeOfChargeColour: true,
    categoryColour: true,
  };
  const none: TColourOptions = {
    greyOutOld: false,
    checkInOutColours: false,
    stateColourUntilConfirmed: false,
    freeOfChargeColour: false,
    categoryColour: false,
  };
  const past = { to: '2030-06-01' };
  const checkIn = '2030-06-05T14:00:00.000Z';

  it('without rules every entry has its state colour', () => {
    expect(entryColour(entry('confirmed', past), TODAY, none)).toBe('booking');
    expect(entryColour(entry('confirmed', { checkIn }), TODAY, none)).toBe('booking');
    expect(entryColour(entry('draft', { isFreeOfCharge: true }), TODAY, none)).toBe('offer');
  });

  it('grey out old bookings', () => {
    expect(entryColour(entry('confirmed', past), TODAY, { ...none, greyOutOld: true })).toBe('past');
  });

  it('check-in/out colours', () => {
    const opts = { ...none, checkInOutColours: true };
    expect(entryColour(entry('confirmed', { checkIn }), TODAY, opts)).toBe('checkedIn');
    expect(entryColour(entry('confirmed', { checkIn, checkOut: checkIn }), TODAY, opts)).toBe('checkedOut');
  });

  it('free-of-charge colour, then category colour', () => {
    const foc = entry('confirmed', { isFreeOfCharge: true, categoryColor: '#ff0000' });
    expect(entryColour(foc, TODAY, { ...none, freeOfChargeColour: true, categoryColour: true })).toBe(
      'freeOfCharge',
    );
    expect(entryColour(foc, TODAY, { ...none, categoryColour: true })).toBe('category');
    expect(entryColour(entry('confirmed'), TODAY, { ...none, categoryColour: true })).toBe('booking');
  });

  it('state colour until confirmed keeps offers and reservations in their colour', () => {
    const offer = entry('draft', { categoryColor: '#00ff00', isFreeOfCharge: true, ...past });
    expect(entryColour(offer, TODAY, all)).toBe('offer');
    expect(entryColour(entry('planned', { categoryColor: '#00ff00' }), TODAY, all)).toBe('reservation');
    expect(entryColour(entry('confirmed', { categoryColor: '#00ff00' }), TODAY, all)).toBe('category');
    expect(entryColour(offer, TODAY, { ...all, stateColourUntilConfirmed: false })).toBe('past');
  });

  it('released and cancelled entries keep their state colour under every rule', () => {
    expect(entryColour(entry('freed', { categoryColor: '#00ff00' }), TODAY, all)).toBe('released');
    expect(entryColour(entry('aborted', past), TODAY, all)).toBe('cancelled');
  });

  it('opens with grey old stays and check-in/out colours', () => {
    expect(entryColour(entry('confirmed', past), TODAY, DEFAULT_COLOUR_OPTIONS)).toBe('past');
    expect(entryColour(entry('confirmed', { categoryColor: '#0f0' }), TODAY, DEFAULT_COLOUR_OPTIONS)).toBe(
      'booking',
    );
  });
});

describe('grid maths', () => {
  it('maps days to columns and back', () => {
    expect(dayIndex('2030-02-27', '2030-03-01')).toBe(2);
    expect(dayIndex('2030-03-01', '2030-02-27')).toBe(-2);
    expect(dayAt('2030-02-27', 2)).toBe('2030-03-01');
    expect(stayBox('2030-06-01', '2030-06-03', '2030-06-06')).toEqual({
      left: 2 * COLUMN_WIDTH,
      width: 3 * COLUMN_WIDTH,
    });
  });

  it('rounds a drag to the nearest cell', () => {
    expect(dragCells(COLUMN_WIDTH * 2 - 10, 0)).toEqual({ days: 2, rows: 0 });
    expect(dragCells(-COLUMN_WIDTH / 2 - 1, ROW_HEIGHT * 1.4)).toEqual({ days: -1, rows: 1 });
    expect(dragCells(5, -5)).toEqual({ days: 0, rows: 0 });
  });

  it('renders only the visible window with overscan, clamped to the list', () => {
    expect(visibleRange(0, 470, ROW_HEIGHT, 5000)).toEqual({ start: 0, end: 13 });
    expect(visibleRange(ROW_HEIGHT * 100, 470, ROW_HEIGHT, 5000)).toEqual({ start: 97, end: 113 });
    expect(visibleRange(ROW_HEIGHT * 4998, 470, ROW_HEIGHT, 5000)).toEqual({ start: 4995, end: 5000 });
    expect(visibleRange(0, 470, ROW_HEIGHT, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('ZCalendarQuery', () => {
  const ok = { from: '2030-01-01', to: '2030-02-01', resortId: '3' };
  it('takes a range of one asset', () => {
    expect(ZCalendarQuery.parse(ok)).toEqual({ from: '2030-01-01', to: '2030-02-01', resortId: 3 });
  });
  it('refuses a reversed range, more than the maximum, no or both assets', () => {
    expect(ZCalendarQuery.safeParse({ ...ok, to: '2030-01-01' }).success).toBe(false);
    expect(ZCalendarQuery.safeParse({ ...ok, to: '2031-02-06' }).success).toBe(false);
    expect(MAX_CALENDAR_DAYS).toBe(400);
    expect(ZCalendarQuery.safeParse({ ...ok, to: '2031-02-05' }).success).toBe(true);
    expect(ZCalendarQuery.safeParse({ from: ok.from, to: ok.to }).success).toBe(false);
    expect(ZCalendarQuery.safeParse({ ...ok, vesselId: '2' }).success).toBe(false);
  });
});
