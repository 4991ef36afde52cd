import { describe, expect, it } from 'vitest';
import { CALC_TYPES, dueDate, SYSTEM_TODOS, TODO_CODES, ZCreateTodo, ZTodo } from './todos.ts';

const booking = {
  createdAt: '2041-01-10',
  reservationDate: '2041-01-12',
  bookingDate: '2041-01-15',
  from: '2041-03-29',
  to: '2041-04-02',
};

describe('dueDate', () => {
  it.each([
    ['afterBooking', 3, '2041-01-18'],
    ['afterReservation', 3, '2041-01-15'],
    ['beforeArrival', 30, '2041-02-27'],
    ['afterArrival', 1, '2041-03-30'],
    ['beforeDeparture', 2, '2041-03-31'],
    ['afterDeparture', 0, '2041-04-02'],
  ] as const)('%s %i days → %s', (calcType, value, due) => {
    expect(dueDate({ calcType, value }, booking)).toBe(due);
  });

  it('counts from the day the booking was entered when it has no booking or reservation date', () => {
    const draft = { createdAt: '2041-01-10', from: '2041-03-29', to: '2041-04-02' };
    expect(dueDate({ calcType: 'afterBooking', value: 5 }, draft)).toBe('2041-01-15');
    expect(dueDate({ calcType: 'afterReservation', value: 0 }, { ...draft, reservationDate: null })).toBe(
      '2041-01-10',
    );
  });

  it('crosses month and year ends and never counts negative days', () => {
    expect(dueDate({ calcType: 'beforeArrival', value: 1 }, { ...booking, from: '2041-01-01' })).toBe(
      '2040-12-31',
    );
    expect(dueDate({ calcType: 'afterArrival', value: -5 }, booking)).toBe('2041-03-29');
  });
});

describe('definitions', () => {
  it('has exactly one system definition per code, each with a valid rule', () => {
    expect(SYSTEM_TODOS.map((t) => t.code).sort()).toEqual([...TODO_CODES].sort());
    for (const t of SYSTEM_TODOS) expect(CALC_TYPES).toContain(t.calcType);
  });

  it('fills the defaults of a new definition and refuses unknown booking types and rules', () => {
    expect(ZCreateTodo.parse({ name: 'Send visa info' })).toEqual({
      name: 'Send visa info',
      group: '',
      text: '',
      calcType: 'afterBooking',
      value: 0,
      closeOnAbort: true,
      autoAdd: [],
      isActive: true,
    });
    expect(ZCreateTodo.safeParse({ name: 'x', autoAdd: ['hotel'] }).success).toBe(false);
    expect(ZCreateTodo.safeParse({ name: 'x', calcType: 'whenever' }).success).toBe(false);
    expect(ZCreateTodo.safeParse({ name: '' }).success).toBe(false);
    expect(ZCreateTodo.safeParse({ name: 'x', value: -1 }).success).toBe(false);
  });

  it('answers a stored code only when it is a known system kind', () => {
    const row = {
      id: 1,
      name: 'n',
      group: '',
      text: '',
      code: 'noShow',
      predefined: true,
      calcType: 'afterArrival',
      value: 1,
      closeOnAbort: true,
      autoAdd: ['resort'],
      isActive: true,
      createdAt: 'x',
      updatedAt: 'x',
    };
    expect(ZTodo.safeParse(row).success).toBe(true);
    expect(ZTodo.safeParse({ ...row, code: 'other' }).success).toBe(false);
  });
});
