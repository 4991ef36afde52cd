import { describe, expect, it } from 'vitest';
import { pathLabel, type TTexts, valueText, versionNotes } from '../../bookings/components/historyText.ts';
import de from '../../bookings/i18n/de.json';
import en from '../../bookings/i18n/en.json';

// The check-in's note on guests not ready to dive (docs/domain/dive-day.md "Check-in") as the booking's
// history shows it: by its label in either language, never by its stored path.

const textsOf = (file: unknown): TTexts => {
  const lookup = (key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
  return {
    t: (key) => (typeof lookup(key) === 'string' ? (lookup(key) as string) : key),
    exists: (key) => typeof lookup(key) === 'string',
  };
};

describe('the check-in note "not ready to dive" in the booking history', () => {
  const change = { guests: 'Ana Diver: medical, insurance', reason: 'Shown on paper' };
  it('is a note of the check-in version, beside its field changes', () => {
    const changes = [
      { path: 'rooms[id=1].checkIn', from: null, to: '2041-03-30T08:00:00Z' },
      { path: 'checkIn.notReadyToDive', from: null, to: change },
    ];
    expect(versionNotes(changes).map((c) => c.path)).toEqual(['checkIn.notReadyToDive']);
  });
  it('reads in English', () => {
    const texts = textsOf(en);
    expect(pathLabel('checkIn.notReadyToDive', texts)).toBe('Check-in › Not ready to dive');
    expect(valueText(change, 'checkIn.notReadyToDive', 'en', 'EUR', texts)).toBe(
      'Guest: Ana Diver: medical, insurance; Reason: Shown on paper',
    );
  });
  it('reads in German', () => {
    const texts = textsOf(de);
    expect(pathLabel('checkIn.notReadyToDive', texts)).toBe('Check-in › Nicht tauchbereit');
    expect(valueText(change, 'checkIn.notReadyToDive', 'de', 'EUR', texts)).toBe(
      'Gast: Ana Diver: medical, insurance; Grund: Shown on paper',
    );
  });
});
