import type { Database } from './client.ts';

// The change feed (ADR 0024): migration 0013 makes every write to the tables below announce the table on the
// channel `atoll_changed` after its commit. Each instance listens and keeps one generation per topic; a cache
// entry stored under a generation is good while that generation lasts. Every authenticated request syncs the
// feed once, in the access hook, before its session is looked up: every write committed before the request,
// on any instance, has then moved the generations, and whatever the request reads from a cache after that is
// at least as new as the request.

/** The price calculation's data with the seasons, the auto-todo definitions, the settings (topic `reference`). */
const REFERENCE_TABLES = [
  'prices',
  'price_entries',
  'room_types',
  'price_variants',
  'currencies',
  'supplements',
  'specials',
  'payment_terms',
  'exchange_rates',
  'commissions',
  'todos',
  'settings',
] as const;

/** Topics and the tables whose writes change them; migration 0013 puts the trigger on each table. */
export const CHANGE_TOPICS = {
  /** The session lookup: token, user, roles. */
  sessions: ['auth_tokens', 'users', 'user_roles'],
  /** The booking list: bookings, their guests and the names shown beside them. */
  bookings: ['bookings', 'booking_guests', 'customers', 'agencies', 'resorts', 'vessels'],
  /**
   * What booking writes read again and again and operators rarely change (`createReferenceCache`, migrations
   * 0014, 0015): the price calculation's data with the seasons, the auto-todo definitions, the settings.
   */
  reference: REFERENCE_TABLES,
  /**
   * The guest's online search (migration 0018): what is free where, at what price, on which days; the
   * bookings, their holds and blocks, the inventory and the reference data of the price.
   */
  offer: [
    ...REFERENCE_TABLES,
    'bookings',
    'occupancy',
    'room_blocks',
    'rooms',
    'schedules',
    'tours',
    'resorts',
    'vessels',
    'vessel_decks',
    'arrival_departure_rules',
    'products',
  ],
} as const;
export type TChangeTopic = keyof typeof CHANGE_TOPICS;

const CHANNEL = 'atoll_changed';
const TOPICS = Object.keys(CHANGE_TOPICS) as TChangeTopic[];

export type TChangeFeed = {
  /** Resolves once every change committed before the call is counted; false (and no caching) while nobody listens. */
  sync(): Promise<boolean>;
  /** The topic's generation; undefined while nobody listens, and then nothing may be cached. */
  generation(topic: TChangeTopic): number | undefined;
  close(): Promise<void>;
};

/** No feed: nothing is ever cached. */
export const NO_CHANGE_FEED: TChangeFeed = {
  sync: async () => false,
  generation: () => undefined,
  close: async () => {},
};

export async function openChangeFeed(database: Database): Promise<TChangeFeed> {
  const generations = new Map<TChangeTopic, number>(TOPICS.map((t) => [t, 0]));
  const topicsOf = new Map<string, TChangeTopic[]>();
  for (const topic of TOPICS) {
    for (const table of CHANGE_TOPICS[topic]) topicsOf.set(table, [...(topicsOf.get(table) ?? []), topic]);
  }
  const bump = (topics: readonly TChangeTopic[]) => {
    for (const t of topics) generations.set(t, (generations.get(t) ?? 0) + 1);
  };
  let listening = false;
  const onState = (state: boolean) => {
    // Whatever changed while nobody listened is unknown: everything counts as changed.
    listening = state;
    bump(TOPICS);
  };
  const listener = await database.listen(CHANNEL, (table) => bump(topicsOf.get(table) ?? []), onState);
  return {
    sync: () => listener.sync(),
    generation: (topic) => (listening ? generations.get(topic) : undefined),
    close: () => listener.stop(),
  };
}

/**
 * Values derived from one topic's tables, kept while the topic does not change; at most `max` entries, the
 * oldest stored leaves first. Use it only where the request synced the feed (every authenticated request
 * does, in the access hook). On a miss, read `generation()` before reading the data: a change in between
 * then keeps the value from being stored.
 */
export function createChangeCache<T>(feed: TChangeFeed, topic: TChangeTopic, max: number) {
  const entries = new Map<string, { generation: number; value: T }>();
  return {
    generation: () => feed.generation(topic),
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.generation === feed.generation(topic)) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: string, generation: number | undefined, value: T) {
      if (generation === undefined || generation !== feed.generation(topic)) return;
      entries.delete(key);
      entries.set(key, { generation, value });
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
    },
  };
}
export type TChangeCache<T> = ReturnType<typeof createChangeCache<T>>;

/** Reads of reference data by key: from a cache, or straight from the database. */
export type TReads = { get<T>(key: string, read: () => Promise<T>): Promise<T> };
/** Every read asks the database (no cache, or a caller outside a request). */
export const DIRECT_READS: TReads = { get: (_key, read) => read() };

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * The reference data of booking writes (topic `reference`), kept while its tables are unchanged and shared
 * by every write and price calculation of the process. `reads()` serves one operation and syncs the feed
 * when the operation begins (call it first; the first read waits for the sync), so whatever was committed
 * before is seen, whether it runs in a request, a public route or a job. Values are frozen: a caller that
 * changed one would change it for every later caller.
 */
export function createReferenceCache(feed: TChangeFeed, max = 500) {
  const cache = createChangeCache<unknown>(feed, 'reference', max);
  return {
    reads(): TReads {
      // On its own connection, beside whatever the operation queries meanwhile (sync never rejects).
      const synced = feed.sync();
      return {
        async get<T>(key: string, read: () => Promise<T>): Promise<T> {
          await synced;
          const hit = cache.get(key);
          if (hit !== undefined) return hit as T;
          const generation = cache.generation();
          const value = deepFreeze(await read());
          cache.set(key, generation, value);
          return value;
        },
      };
    },
  };
}
export type TReferenceCache = ReturnType<typeof createReferenceCache>;
