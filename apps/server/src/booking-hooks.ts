import { joinBookingHooks, type TBookingHooks } from './modules/bookings/write/booking-hooks.ts';
import { checkInReadiness } from './modules/dive/dive-checkin.ts';
import { reverseOpenInvoices } from './modules/documents/invoices.flow.ts';
import { queueStateMail } from './modules/mail/booking-state-mail.ts';
import { noticeOption, optionNoticeSettings } from './modules/mail/option-notices.ts';
import {
  bookingHasPayments,
  hasPaymentsSince,
  movePayments,
  newBookingPayments,
  settleBookingPayments,
} from './modules/payments/booking-settlement.ts';
import { syncBookingStock } from './modules/products/booking-stock.ts';
import {
  addAutoTodos,
  closeOptionTodos,
  closeTodosOnAbort,
  raiseBookingTodos,
} from './modules/todos/raise-todos.flow.ts';

/** What the modules around bookings do for a booking write (modules/bookings/write/booking-hooks.ts). */
export const bookingHooks: TBookingHooks = {
  afterWrite: {
    stock: syncBookingStock,
    settlement: (tx, bookingId, created) =>
      settleBookingPayments(tx, bookingId, undefined, created && { ...created, payments: [] }),
    stateMail: async (tx, change) => void (await queueStateMail(tx, change)),
  },
  todos: {
    raise: raiseBookingTodos,
    addAuto: addAutoTodos,
    closeOnAbort: closeTodosOnAbort,
    closeOption: closeOptionTodos,
  },
  payments: {
    has: bookingHasPayments,
    hasSince: hasPaymentsSince,
    move: movePayments,
    ofNewBooking: newBookingPayments,
  },
  invoices: { reverseOpen: reverseOpenInvoices },
  checkIn: { readiness: checkInReadiness },
  options: {
    warningHours: async (ex) => (await optionNoticeSettings(ex)).warningHours,
    notice: noticeOption,
  },
};

/** Joins them; the container does it once per process, the tests' setup before any test. */
export const joinHooks = () => joinBookingHooks(bookingHooks);
