import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { BOOKING_ACTIONS } from '@atoll/domain/bookings/history';
import { describe, expect, it } from 'vitest';
import { actionText, humanize, pathLabel, readableChanges, type TTexts, valueText } from './historyText.ts';

const TEXTS: Record<string, string> = {
  'bookings.fields.rooms': 'Rooms',
  'bookings.fields.calculation': 'Calculation',
  'bookings.fields.state': 'State',
  'bookings.history.paths.guests': 'Guest',
  'bookings.history.paths.name': 'Name',
  'bookings.history.paths.to': 'Departure',
  'bookings.history.paths.price': 'Price',
  'bookings.history.actions.moveDates': 'Dates moved',
  'bookings.states.booking': 'Booking',
  'bookings.states.reservation': 'Reservation',
  'payments.status.not_paid': 'Not paid',
  'payments.status.paid': 'Paid',
  'specials.lineTypes.payment': 'Payment',
  'specials.lineTypes.deposit': 'Deposit',
  'specials.lineTypes.rest': 'Balance',
  'bookings.history.lineKinds.room': 'Room',
  'specials.lineCustomerTypes.None': 'Booking',
  'common.yes': 'Yes',
  'common.no': 'No',
};
const texts: TTexts = { t: (key) => TEXTS[key] ?? key, exists: (key) => key in TEXTS };

describe('the booking history in words', () => {
  it('labels stored paths by their fields, with the room, guest or line they belong to', () => {
    expect(pathLabel('state', texts)).toBe('State');
    expect(pathLabel('rooms[id=12].guests[id=3].name', texts)).toBe('Rooms 12 › Guest 3 › Name');
    expect(pathLabel('rooms[id=12].to', texts)).toBe('Rooms 12 › Departure');
    expect(pathLabel('calculation[key=room:r12].price', texts)).toBe('Calculation › Room 12 › Price');
    expect(pathLabel('calculation[key=terms:deposit].text', texts)).toBe('Calculation › Deposit › Text');
    expect(pathLabel('calculation[key=terms:rest:direct]', texts)).toBe('Calculation › Balance');
    expect(pathLabel('calculation[key=payment:67]', texts)).toBe('Calculation › Payment');
    expect(pathLabel('calculation[key=mystery:1]', texts)).toBe('Calculation › mystery:1');
    // The specials' explanations by the special's name, a dot in it kept.
    expect(pathLabel('why[name=Early bird 10.5 %].matchedRules', texts)).toBe(
      'Why Early bird 10.5 % › Matched rules',
    );
    expect(pathLabel('totals.dueBeforeTravel', texts)).toBe('Totals › Due before travel');
  });

  it('writes dates per language, money with the currency, states and flags by their names', () => {
    expect(valueText('not_paid', 'paymentStatus', 'en', 'EUR', texts)).toBe('Not paid');
    expect(valueText('resort', 'type', 'en', 'EUR', texts)).toBe('resort');
    expect(
      valueText({ type: 'payment', customerType: 'None' }, 'calculation[key=payment:1]', 'en', 'EUR', texts),
    ).toBe('Type: Payment; Customer type: Booking');
    expect(valueText('2027-03-01', 'from', 'de', 'EUR', texts)).toBe('01.03.2027');
    expect(valueText('2027-03-01', 'from', 'en', 'EUR', texts)).toBe('2027-03-01');
    expect(valueText('1400.00', 'total', 'en', 'EUR', texts)).toMatch(/^€1,400\.00$/);
    expect(valueText('1400.00', 'total', 'de', 'EUR', texts)).toMatch(/^1\.400,00\s€$/);
    expect(valueText('1229.00', 'totals.net', 'en', 'EUR', texts)).toMatch(/^€1,229\.00$/);
    expect(valueText('195.80', 'totals.tax', 'de', 'EUR', texts)).toMatch(/^195,80\s€$/);
    expect(valueText('2', 'amount', 'de', 'EUR', texts)).toBe('2');
    expect(valueText('confirmed', 'state', 'en', 'EUR', texts)).toBe('Booking');
    expect(valueText(true, 'locked', 'en', 'EUR', texts)).toBe('Yes');
    expect(valueText(null, 'note', 'en', 'EUR', texts)).toBe('—');
    expect(valueText({ name: 'Ann', age: null }, 'rooms[id=1].guests[id=2]', 'en', 'EUR', texts)).toBe(
      'Name: Ann',
    );
    // A line's id, list key, order, flags and working data say nothing to a person.
    expect(
      valueText(
        {
          id: 2939,
          key: 'onsite:36',
          sort: 9999,
          text: 'Guided boat dive',
          editable: false,
          deletable: true,
          unique: false,
          customData: { generator: 'onsite', productId: 36 },
        },
        'calculation[key=onsite:36]',
        'en',
        'EUR',
        texts,
      ),
    ).toBe('Text: Guided boat dive');
  });

  it('leaves out the changes of a line’s working data and flags', () => {
    const changes = [
      { path: 'calculation[key=special:1].customData.rules' },
      { path: 'calculation[key=special:1].deletable' },
      { path: 'calculation[key=special:1].total' },
      { path: 'why[2].matchedRules' },
    ];
    expect(readableChanges(changes).map((c) => c.path)).toEqual([
      'calculation[key=special:1].total',
      'why[2].matchedRules',
    ]);
  });

  it('names actions, unknown ones in words rather than their code', () => {
    expect(actionText('moveDates', texts)).toBe('Dates moved');
    expect(actionText('someNewThing', texts)).toBe('Some new thing');
    expect(humanize('paymentStatus')).toBe('Payment status');
  });
});

describe('every action a booking write records', () => {
  // Each feature brings the words of its own actions (the to-dos theirs): all features' files together.
  const features = new URL('../../', import.meta.url);
  const actionsOf = (language: string) =>
    Object.assign(
      {},
      ...readdirSync(features).map((feature) => {
        const file = new URL(`${feature}/i18n/${language}.json`, features);
        if (!existsSync(file)) return {};
        return JSON.parse(readFileSync(file, 'utf8')).bookings?.history?.actions ?? {};
      }),
    ) as Record<string, unknown>;
  const textOf = (tree: Record<string, unknown>, path: string) =>
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

  it('has its words in German and English, so the history never shows a code', () => {
    for (const language of ['de', 'en']) {
      const actions = actionsOf(language);
      const missing = BOOKING_ACTIONS.filter((action) => typeof textOf(actions, action) !== 'string');
      expect(missing, language).toEqual([]);
    }
  });
});
