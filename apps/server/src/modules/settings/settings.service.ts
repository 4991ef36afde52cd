import {
  DEFAULT_MIN_PASSWORD_LENGTH,
  FEATURES,
  SETTINGS_GROUP_CACHE_MS,
  type TFeature,
  type TView,
  VIEWS,
} from '@atoll/domain/constants';
import type { Db, Executor } from '../../db/client.ts';
import { createSettingsRepository } from './settings.repository.ts';

/** Switches on by default on a new installation; the rest are opt-in modules. */
const DEFAULT_FEATURES: Record<TFeature, boolean> = Object.fromEntries(
  FEATURES.map((f) => [f, ['resort', 'vessel', 'forms', 'todo', 'bank', 'bookingWidget'].includes(f)]),
) as Record<TFeature, boolean>;

type TCached = { at: number; values: Map<string, unknown> };

/**
 * Group/key/value settings with a per-process cache of 3 hours (spec platform §9), dropped on every
 * change and on `POST /clearCache`.
 */
export function createSettingsService(db: Db, now: () => number = Date.now) {
  const repo = createSettingsRepository();
  const cache = new Map<string, TCached>();
  // Bumped on every invalidation: a read that was under way meanwhile may have seen the old rows
  // and must not put them back into the cache for three hours.
  let generation = 0;

  async function group(name: string): Promise<Map<string, unknown>> {
    const hit = cache.get(name);
    if (hit && now() - hit.at < SETTINGS_GROUP_CACHE_MS) return hit.values;
    const started = generation;
    const rows = await repo.group(db, name);
    const values = new Map(rows.map((r) => [r.key, r.value]));
    if (started === generation) cache.set(name, { at: now(), values });
    return values;
  }

  function invalidate(name: string) {
    generation++;
    cache.delete(name);
  }

  async function get<T>(name: string, key: string, fallback: T): Promise<T> {
    const value = (await group(name)).get(key);
    return value === undefined || value === null ? fallback : (value as T);
  }

  return {
    group,
    get,
    /**
     * Stores one value. Inside a transaction (`ex` not the database) other requests may read and
     * cache the old value until the commit: call `invalidate(name)` again after it.
     */
    async set(ex: Executor, name: string, key: string, value: unknown) {
      await repo.upsert(ex, name, key, value);
      invalidate(name);
    },
    invalidate,
    clearCache() {
      generation++;
      cache.clear();
    },
    async features(): Promise<Record<TFeature, boolean>> {
      const stored = await group('features');
      return Object.fromEntries(
        FEATURES.map((f) => [f, typeof stored.get(f) === 'boolean' ? stored.get(f) : DEFAULT_FEATURES[f]]),
      ) as Record<TFeature, boolean>;
    },
    async views(): Promise<Record<TView, boolean>> {
      const stored = await group('views');
      return Object.fromEntries(VIEWS.map((v) => [v, stored.get(v) !== false])) as Record<TView, boolean>;
    },
    async minPasswordLength(): Promise<number> {
      const n = await get('auth', 'minPasswordLength', DEFAULT_MIN_PASSWORD_LENGTH);
      return Number.isInteger(n) && n > 0 ? n : DEFAULT_MIN_PASSWORD_LENGTH;
    },
    async registrationOpen(userType: 'customer' | 'agency'): Promise<boolean> {
      return (await get('auth', `registration.${userType}`, true)) === true;
    },
  };
}
export type TSettingsService = ReturnType<typeof createSettingsService>;
