import { ApiError, api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TStored } from './api.ts';
import { queue, type TQueued, type TTabRef } from './offline-queue.ts';

// Sends the queued entries in order (offline-queue.ts). A network failure stops the round (the entries
// wait for the next one); a refusal of the server moves the entry to the conflicts; a success removes it.

const send = { silent: true } as const;

async function tabIdOf(ref: TTabRef): Promise<number | undefined> {
  return 'id' in ref ? ref.id : queue.tabId(ref.key);
}

/** Opens the tab of an offline key once: the server's tab with that key if it has one already. */
async function openTab(entry: Extract<TQueued, { kind: 'tab' }>) {
  const filter = JSON.stringify({ idempotencyKey: entry.key });
  const found = await api<TListAnswer<{ id: number }>>('/pos', { query: { filter }, ...send });
  const id =
    found.data[0]?.id ??
    (
      await api<{ id: number }>('/pos', {
        method: 'POST',
        body: {
          name: entry.name,
          idempotencyKey: entry.key,
          ...(entry.resortId ? { resortId: entry.resortId } : {}),
          ...(entry.vesselId ? { vesselId: entry.vesselId } : {}),
        },
        ...send,
      })
    ).id;
  await queue.setTabId(entry.key, id);
}

/** Sends one entry; a sale or payment answers what the server stored (the item or payment and the totals). */
async function sendEntry(entry: TQueued): Promise<TStored | undefined> {
  if (entry.kind === 'tab') return void (await openTab(entry));
  const tabId = await tabIdOf(entry.tab);
  if (tabId === undefined) throw new ApiError(404, 'NOT_FOUND', 'NOT_FOUND');
  if (entry.kind === 'sale') {
    const answer = await api<Extract<TStored, { kind: 'sale' }>['answer']>(`/pos/${tabId}/product`, {
      method: 'POST',
      body: { item: entry.item, quantity: entry.quantity, idempotencyKey: entry.key },
      ...send,
    });
    return { kind: 'sale', answer };
  }
  const answer = await api<Extract<TStored, { kind: 'payment' }>['answer']>(`/pos/${tabId}/payment`, {
    method: 'POST',
    body: { amount: entry.amount, method: entry.method, idempotencyKey: entry.key },
    ...send,
  });
  return { kind: 'payment', answer };
}

let running: Promise<number> | null = null;

/** Sends one entry; false when the network (or the server) is down and the round must stop. */
async function settle(
  entry: Awaited<ReturnType<typeof queue.all>>[number],
  onStored: (stored: TStored) => void,
): Promise<boolean> {
  try {
    const stored = await sendEntry(entry);
    if (stored) onStored(stored);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // No network, or the server is down: try again later, in the same order.
    if (status === 0 || status >= 500) return false;
    await queue.conflict({ entry, code: (error as ApiError).code, at: new Date().toISOString() });
  }
  await queue.remove(entry.seq);
  return true;
}

/**
 * Sends the queue in order until it is empty or the network fails (entries queued meanwhile go in the same
 * round); answers how many entries are still waiting. Rounds never overlap: a call during a round runs
 * another one after it. `onStored` hears of every sale and payment the server stored.
 */
export function syncQueue(onStored: (stored: TStored) => void = () => {}): Promise<number> {
  // A round already running may have passed an entry queued just now: another round follows it.
  if (running) return running.then(() => syncQueue(onStored));
  running = (async () => {
    try {
      for (let next = (await queue.all())[0]; next; next = (await queue.all())[0])
        if (!(await settle(next, onStored))) break;
      return (await queue.all()).length;
    } finally {
      running = null;
    }
  })();
  return running;
}
