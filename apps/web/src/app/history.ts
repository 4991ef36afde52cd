import { pushHistory, type THistoryEntry } from '@atoll/domain/navigation/guard';

// The last visited routes (spec platform §2), for going back after a forbidden page.
let history: THistoryEntry[] = [];

export const routeHistory = {
  get: (): readonly THistoryEntry[] => history,
  push(entry: THistoryEntry) {
    history = pushHistory(history, entry);
  },
};
