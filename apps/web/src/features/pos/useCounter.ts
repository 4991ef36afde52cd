import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { mergeStored, posKeys, type TStored } from './api.ts';
import { queue, type TConflict, type TQueued } from './offline-queue.ts';
import { syncQueue } from './sync.ts';

type TRow<T> = T & { seq: number };
const RETRY_MS = 5000;

/**
 * The counter's side of the offline queue: what waits, what the server refused, whether the browser is
 * online; every entry is stored first and then sent (at once when online, again every few seconds and
 * whenever the connection comes back).
 */
export function useCounter() {
  const client = useQueryClient();
  const [pending, setPending] = useState<TRow<TQueued>[]>([]);
  const [conflicts, setConflicts] = useState<TRow<TConflict>[]>([]);
  const [online, setOnline] = useState(navigator.onLine);

  const refresh = useCallback(async () => {
    setPending(await queue.all());
    setConflicts(await queue.conflicts());
  }, []);

  const flush = useCallback(async () => {
    const before = (await queue.all()).length;
    const stored: TStored[] = [];
    await syncQueue((answer) => stored.push(answer));
    // The server's tabs first, then what still waits: a tab opened offline stays on screen (from the queue)
    // until the server's list holds it, so a sale tapped meanwhile has its tab.
    if (before > 0)
      await Promise.all(
        [posKeys.open(), posKeys.lists(), ['pos', 'stats']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      );
    // Each stored sale or payment goes into its cached tab from the answer (the tab is not read again), in
    // the same step as it leaves the waiting list: the counter never shows it twice.
    const [waiting, refused] = await Promise.all([queue.all(), queue.conflicts()]);
    for (const answer of stored) mergeStored(client, answer);
    setPending(waiting);
    setConflicts(refused);
  }, [client]);

  useEffect(() => {
    void flush();
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [flush]);

  const enqueue = useCallback(
    async (entry: TQueued) => {
      await queue.add(entry);
      await refresh();
      if (navigator.onLine) await flush();
    },
    [flush, refresh],
  );

  const dismiss = useCallback(
    async (seq: number) => {
      await queue.dismiss(seq);
      await refresh();
    },
    [refresh],
  );

  return { pending, conflicts, online, enqueue, dismiss };
}
export type TCounter = ReturnType<typeof useCounter>;
