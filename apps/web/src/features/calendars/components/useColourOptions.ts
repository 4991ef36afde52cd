import { COLOUR_OPTIONS, DEFAULT_COLOUR_OPTIONS, type TColourOptions } from '@atoll/domain/bookings/calendar';
import { useState } from 'react';

const KEY = 'atoll.calendar.colours';

function stored(): TColourOptions {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const options = { ...DEFAULT_COLOUR_OPTIONS };
    for (const option of COLOUR_OPTIONS)
      if (typeof saved[option] === 'boolean') options[option] = saved[option] as boolean;
    return options;
  } catch {
    return { ...DEFAULT_COLOUR_OPTIONS };
  }
}

/** The colour rules of the calendars, kept per browser (a personal view, not a shared setting). */
export function useColourOptions(): [TColourOptions, (patch: Partial<TColourOptions>) => void] {
  const [options, setOptions] = useState(stored);
  const update = (patch: Partial<TColourOptions>) =>
    setOptions((current) => {
      const next = { ...current, ...patch };
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  return [options, update];
}
