// The counter's queue of sales in the browser (IndexedDB, docs/domain/onsite.md "Idempotency"): every sale,
// payment and new tab is written here first, each with its idempotency key, then sent in order. Without a
// network the entries wait; when it is back they go out again, and the server stores each key once, so a
// sale is never lost and never doubled. What the server refuses (stock gone, tab closed) becomes a conflict
// the cashier sees.

/** Where a queued entry goes: a tab the server knows (its id), or one opened offline (its key). */
export type TTabRef = { id: number } | { key: string };
/** A tab as the counter knows it: the server's id, the key it was opened with, or both. */
export type TTabIdentity = { id?: number | undefined; key?: string | undefined };

export const sameTab = (a: TTabIdentity, b: TTabIdentity) =>
  (a.id !== undefined && a.id === b.id) || (a.key !== undefined && a.key === b.key);

export type TQueued =
  | {
      kind: 'tab';
      key: string;
      name: string;
      at: string;
      /** Where the walk-in's tab is (its sales take from the stock kept there); none: no asset. */
      resortId?: number | undefined;
      vesselId?: number | undefined;
    }
  | {
      kind: 'sale';
      key: string;
      tab: TTabRef;
      item: number;
      text: string;
      quantity: string;
      /** The unit price shown until the server's answer (a room tab's may differ by charging base). */
      price: string;
      at: string;
    }
  | { kind: 'payment'; key: string; tab: TTabRef; amount: string; method: 'cash' | 'card'; at: string };

export type TConflict = { entry: TQueued; code: string; at: string };

const DB = 'atoll-pos';
const QUEUE = 'queue';
const CONFLICTS = 'conflicts';
const TABS = 'tabs';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(QUEUE, { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore(CONFLICTS, { keyPath: 'seq', autoIncrement: true });
      // Tabs opened offline: their key → the server's id, once created.
      db.createObjectStore(TABS);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run<T>(store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const request = work(db.transaction(store, mode).objectStore(store));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

type TRow<T> = T & { seq: number };

export const queue = {
  add: (entry: TQueued) => run(QUEUE, 'readwrite', (s) => s.add(entry)),
  all: () => run(QUEUE, 'readonly', (s) => s.getAll() as IDBRequest<TRow<TQueued>[]>),
  remove: (seq: number) => run(QUEUE, 'readwrite', (s) => s.delete(seq)),
  conflict: (conflict: TConflict) => run(CONFLICTS, 'readwrite', (s) => s.add(conflict)),
  conflicts: () => run(CONFLICTS, 'readonly', (s) => s.getAll() as IDBRequest<TRow<TConflict>[]>),
  dismiss: (seq: number) => run(CONFLICTS, 'readwrite', (s) => s.delete(seq)),
  tabId: (key: string) => run(TABS, 'readonly', (s) => s.get(key) as IDBRequest<number | undefined>),
  setTabId: (key: string, id: number) => run(TABS, 'readwrite', (s) => s.put(id, key)),
};

/** A new idempotency key: random, unique per counter and sale. */
export const newKey = () => crypto.randomUUID();
