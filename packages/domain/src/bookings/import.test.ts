import { describe, expect, it } from 'vitest';
import { readBookingImport } from './import.ts';

const HEADER = ['Reference', 'STATE', 'room', 'from', 'to', 'guests', 'pax', 'language'];

describe('readBookingImport', () => {
  it('makes one booking of the rows of a reference, one of each row without', () => {
    const { bookings, problems } = readBookingImport([
      HEADER,
      ['A-1', 'Reservierung', '101', '01.03.2027', '2027-03-08', 'Ana|Ben', '', 'EN'],
      ['', '', '102', '2027-03-01', '2027-03-08', '', '3', ''],
      ['A-1', 'booking', '103', '2027-03-01', '2027-03-08', 'Cleo', '', ''],
      ['', '', '', '', '', '', '', ''],
    ]);
    expect(problems).toEqual([]);
    expect(bookings.map((b) => [b.rows, b.reference, b.state, b.language])).toEqual([
      [[2, 4], 'A-1', 'planned', 'en'],
      [[3], null, 'draft', 'de'],
    ]);
    expect(bookings[0]?.entries.map((e) => [e.room, e.from, e.guests, e.pax])).toEqual([
      ['101', '2027-03-01', ['Ana', 'Ben'], 2],
      ['103', '2027-03-01', ['Cleo'], 1],
    ]);
    expect(bookings[1]?.entries[0]?.pax).toBe(3);
  });

  it('names every problem with its row and column, and takes no row that has one', () => {
    const { bookings, problems } = readBookingImport([
      HEADER,
      ['', 'sold', '101', '2027-02-30', '2027-03-08', '', '', 'fr'],
      ['', '', '101', '2027-03-08', '2027-03-01', 'A|B|C', '2', ''],
      ['', '', '', '2027-03-01', '', '', '', ''],
    ]);
    expect(bookings).toEqual([]);
    expect(problems.map((p) => `${p.row}.${p.column}`)).toEqual([
      '2.from',
      '2.state',
      '2.language',
      '3.to',
      '3.pax',
      '4.room',
    ]);
  });

  it('needs the room and from columns and at least one booking', () => {
    expect(readBookingImport([['name']]).problems.map((p) => p.column)).toEqual(['room', 'from']);
    expect(readBookingImport([['room', 'from']]).problems[0]?.message).toBe('The file has no bookings');
  });
});
