import { useSyncExternalStore } from 'react';

// Counts API calls in flight; the loading bar shows while any runs.
let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loading = {
  start() {
    inFlight++;
    emit();
  },
  done() {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
};

export function useIsLoading() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight > 0,
  );
}
