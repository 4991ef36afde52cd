import { z } from 'zod';
import { BOOKING_TYPES } from '../bookings/bookings.ts';
import { addDays } from '../inventory/tours.ts';

// Todos (spec booking §3 "Todo", §7 "Todos"): definitions (`/api/todo`) with a due rule, and the todos
// of a booking (`/api/todoitem`) raised by the system (overbooking, unknown gender, no-show …), added
// with a new booking of a listed type, or added by hand. A booking has open todos while one is open.

/** The system todos: each kind the server raises by itself has one predefined definition. */
export const TODO_CODES = [
  'overbooking',
  'genderMismatch',
  'genderUnknown',
  'exceededDueDate',
  'optionExpiredPaid',
  'optionExpiring',
  'optionExpired',
  'noShow',
  'spaceAvailable',
] as const;
export type TTodoCode = (typeof TODO_CODES)[number];

/** How the due date counts `value` days: from the booking (or reservation) date, or around the stay. */
export const CALC_TYPES = [
  'afterBooking',
  'afterReservation',
  'beforeArrival',
  'afterArrival',
  'beforeDeparture',
  'afterDeparture',
] as const;
export type TCalcType = (typeof CALC_TYPES)[number];

export type TDueRule = { calcType: TCalcType; value: number };
/** The dates of a booking a due rule counts from (ISO dates, YYYY-MM-DD). */
export type TDueBooking = {
  createdAt: string;
  reservationDate?: string | null;
  bookingDate?: string | null;
  from: string;
  to: string;
};

/**
 * The due date of a todo: `value` days after the booking date (the day it was confirmed, else the day
 * it was entered) or the reservation date (else entered), before or after arrival or departure.
 */
export function dueDate(rule: TDueRule, booking: TDueBooking): string {
  const days = Math.max(0, Math.trunc(rule.value));
  switch (rule.calcType) {
    case 'afterBooking':
      return addDays(booking.bookingDate ?? booking.createdAt, days);
    case 'afterReservation':
      return addDays(booking.reservationDate ?? booking.createdAt, days);
    case 'beforeArrival':
      return addDays(booking.from, -days);
    case 'afterArrival':
      return addDays(booking.from, days);
    case 'beforeDeparture':
      return addDays(booking.to, -days);
    case 'afterDeparture':
      return addDays(booking.to, days);
  }
}

/** A system todo as the server seeds it: English texts; the web shows `todos.codes.<code>` instead. */
export type TSystemTodo = {
  code: TTodoCode;
  name: string;
  group: string;
  text: string;
  calcType: TCalcType;
  value: number;
  closeOnAbort: boolean;
};

export const SYSTEM_TODOS: readonly TSystemTodo[] = [
  {
    code: 'overbooking',
    name: 'Overbooking',
    text: 'A room was booked past a block or hold: resolve the overbooking',
    calcType: 'afterBooking',
    value: 0,
    closeOnAbort: true,
    group: 'Availability',
  },
  {
    code: 'genderMismatch',
    name: 'Gender mismatch',
    text: 'Guests of both genders share a room that does not allow it',
    calcType: 'afterBooking',
    value: 0,
    closeOnAbort: true,
    group: 'Guests',
  },
  {
    code: 'genderUnknown',
    name: 'Gender unknown',
    text: 'A guest of unknown gender shares a room: ask for the gender',
    calcType: 'afterBooking',
    value: 1,
    closeOnAbort: true,
    group: 'Guests',
  },
  {
    code: 'exceededDueDate',
    name: 'Due date exceeded',
    text: 'A payment is overdue',
    calcType: 'afterBooking',
    value: 0,
    closeOnAbort: true,
    group: 'Payments',
  },
  {
    code: 'optionExpiredPaid',
    name: 'Option expired but paid',
    text: 'The option expired, but the booking has a payment: confirm or refund',
    calcType: 'afterBooking',
    value: 0,
    closeOnAbort: true,
    group: 'Payments',
  },
  {
    code: 'optionExpiring',
    name: 'Option expiring',
    text: 'The option lapses soon: confirm it, extend it or let it go',
    calcType: 'afterReservation',
    value: 0,
    closeOnAbort: true,
    group: 'Options',
  },
  {
    code: 'optionExpired',
    name: 'Option expired',
    text: 'The option lapsed and its rooms are free again: tell the guest or book again',
    calcType: 'afterReservation',
    value: 0,
    closeOnAbort: false,
    group: 'Options',
  },
  {
    code: 'noShow',
    name: 'No show',
    text: 'The guests did not check in: cancel with reason no-show or check in',
    calcType: 'afterArrival',
    value: 1,
    closeOnAbort: true,
    group: 'Arrival',
  },
  {
    code: 'spaceAvailable',
    name: 'Space available',
    text: 'Space became free for this waiting booking: ask the customer',
    calcType: 'afterBooking',
    value: 0,
    closeOnAbort: true,
    group: 'Waitlist',
  },
];

const stamps = { createdAt: z.string(), updatedAt: z.string() };
const text = (max: number) => z.string().trim().max(max);

/** A todo definition (`/api/todo`): its due rule, whether a cancel closes it, the booking types it joins. */
export const ZTodo = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z.string(),
  text: z.string(),
  code: z.enum(TODO_CODES).nullable(),
  predefined: z.boolean(),
  calcType: z.enum(CALC_TYPES),
  value: z.number().int(),
  closeOnAbort: z.boolean(),
  autoAdd: z.array(z.enum(BOOKING_TYPES)),
  isActive: z.boolean(),
  ...stamps,
});
export type TTodo = z.infer<typeof ZTodo>;

export const ZCreateTodo = z.object({
  name: text(100).min(1),
  group: text(100).default(''),
  text: text(2000).default(''),
  calcType: z.enum(CALC_TYPES).default('afterBooking'),
  value: z.number().int().min(0).max(3650).default(0),
  closeOnAbort: z.boolean().default(true),
  autoAdd: z.array(z.enum(BOOKING_TYPES)).max(BOOKING_TYPES.length).default([]),
  isActive: z.boolean().default(true),
});
export type TCreateTodo = z.infer<typeof ZCreateTodo>;
export const ZUpdateTodo = ZCreateTodo.partial();
export type TUpdateTodo = z.infer<typeof ZUpdateTodo>;

/** A todo of a booking (`/api/todoitem`); `todoId` is its definition, `editedBy` who solved or changed it. */
export const ZBookingTodo = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  todoId: z.number().int().nullable(),
  code: z.enum(TODO_CODES).nullable(),
  group: z.string(),
  text: z.string(),
  roomId: z.number().int().nullable(),
  due: z.string().nullable(),
  open: z.boolean(),
  predefined: z.boolean(),
  editedBy: z.number().int().nullable(),
  solvedAt: z.string().nullable(),
  ...stamps,
});
export type TBookingTodo = z.infer<typeof ZBookingTodo>;

/** A todo added by hand: from a definition (its texts and due rule) or free text. */
export const ZCreateBookingTodo = z.object({
  bookingId: z.number().int().positive().max(2_147_483_647),
  todoId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  group: text(100).optional(),
  text: text(2000).optional(),
  due: z.iso.date().nullable().optional(),
  open: z.boolean().default(true),
});
export type TCreateBookingTodo = z.infer<typeof ZCreateBookingTodo>;
export const ZUpdateBookingTodo = z.object({
  group: text(100).optional(),
  text: text(2000).min(1).optional(),
  due: z.iso.date().nullable().optional(),
  open: z.boolean().optional(),
});
export type TUpdateBookingTodo = z.infer<typeof ZUpdateBookingTodo>;

/** A row of the todo lists (open, own, allTodos): the todo with the booking's number and dates. */
export const ZTodoListItem = ZBookingTodo.extend({
  bookingNumber: z.string().nullable(),
  bookingState: z.string(),
  bookingFrom: z.string(),
  bookingTo: z.string(),
});
export type TTodoListItem = z.infer<typeof ZTodoListItem>;
