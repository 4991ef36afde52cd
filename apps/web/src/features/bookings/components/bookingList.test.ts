import { describe, expect, it } from 'vitest';
import type { TListState } from '../../../components/useListState.ts';
import {
  LATEST_FIRST,
  listOrder,
  parseStates,
  savedFilterQuery,
  toBookingFilter,
  toBookingQuery,
  withSavedFilter,
} from './bookingList.ts';

const state = (patch: Partial<TListState> = {}): TListState => ({
  page: 1,
  size: 25,
  sort: LATEST_FIRST,
  order: 1,
  search: '',
  filters: {},
  ...patch,
});

describe('the booking list query', () => {
  it('shows the latest travel dates first by default, as the server does', () => {
    expect(toBookingQuery(state())).toEqual({ page: 1, size: 25, sort: 'from', order: -1 });
    expect(listOrder(state())).toEqual({ sort: 'from', order: -1 });
  });

  it('keeps a column order the user chose', () => {
    expect(toBookingFilter(state({ sort: 'from', order: 1 }))).toMatchObject({ sort: 'from', order: 1 });
    expect(toBookingFilter(state({ sort: 'total', order: -1 }))).toMatchObject({ sort: 'total', order: -1 });
  });

  it('sends the states as a comma list, "not resolved" included, and drops unknown ones', () => {
    const filters = { states: 'planned,notResolved,bogus,planned' };
    expect(toBookingFilter(state({ filters })).states).toBe('planned,notResolved');
    expect(parseStates('')).toEqual([]);
  });

  it('turns the asset choice into the resort or the vessel id', () => {
    expect(toBookingFilter(state({ filters: { asset: 'resort:3' } }))).toMatchObject({ resortId: 3 });
    expect(toBookingFilter(state({ filters: { asset: 'vessel:5' } }))).toMatchObject({ vesselId: 5 });
    const bad = toBookingFilter(state({ filters: { asset: 'ship:5' } }));
    expect(bad).not.toHaveProperty('resortId');
    expect(bad).not.toHaveProperty('vesselId');
  });

  it('passes dates, agency and search only when they are valid', () => {
    const filters = { from: '2030-01-01', to: 'soon', agencyId: '7' };
    expect(toBookingFilter(state({ filters, search: '  Sommer ' }))).toEqual({
      sort: 'from',
      order: -1,
      search: 'Sommer',
      from: '2030-01-01',
      agencyId: 7,
    });
    expect(toBookingFilter(state({ filters: { agencyId: 'x' } }))).not.toHaveProperty('agencyId');
  });

  it('passes the date mode and the yes/no filters set to 1, nothing else', () => {
    const filters = {
      dates: 'arrival',
      overdue: '1',
      openTodos: '0',
      missingGuestforms: '1',
      optionExpiring: 'y',
    };
    expect(toBookingFilter(state({ filters }))).toEqual({
      sort: 'from',
      order: -1,
      dates: 'arrival',
      overdue: 1,
      missingGuestforms: 1,
    });
    expect(toBookingFilter(state({ filters: { dates: 'stay' } }))).not.toHaveProperty('dates');
    expect(toBookingFilter(state({ filters: { dates: 'someday' } }))).not.toHaveProperty('dates');
  });
});

describe('saved filters', () => {
  it('keep the list query without the page, in a stable order', () => {
    const params = new URLSearchParams('states=planned&page=3&search=m%C3%BCller&asset=resort%3A2');
    expect(savedFilterQuery(params)).toBe('asset=resort%3A2&search=m%C3%BCller&states=planned');
    expect(savedFilterQuery(new URLSearchParams('page=2'))).toBe('');
  });

  it('replace an entry of the same name, whatever its case, and keep the others', () => {
    const saved = [
      { name: 'Options', query: 'states=planned' },
      { name: 'Agency', query: 'agencyId=4' },
    ];
    expect(withSavedFilter(saved, { name: ' options ', query: 'states=planned,waiting' })).toEqual([
      { name: 'Agency', query: 'agencyId=4' },
      { name: ' options ', query: 'states=planned,waiting' },
    ]);
    expect(withSavedFilter(saved, { name: 'New', query: 'from=2027-01-01' })).toHaveLength(3);
  });
});
