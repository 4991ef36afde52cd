import {
  DEFAULT_MIN_PASSWORD_LENGTH,
  DEFAULT_TIMEZONE,
  FEATURES,
  SETTINGS_GROUP_CACHE_MS,
  type TFeature,
  type TView,
  VIEWS,
} from '@atoll/domain/constants';
import { hasScope } from '@atoll/domain/scopes';
import {
  isSettingsGroup,
  SETTINGS_DEFAULTS,
  SETTINGS_READ_ACCESS,
  settingsPatch,
  type TSettingsGroup,
} from '@atoll/domain/settings';
import type { TSessionUser } from '@atoll/domain/users';
import type { z } from 'zod';
import { setOperatorTimeZone } from '../../clock.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { createSettingsRepository } from './settings.repository.ts';

/** Switches on by default on a new installation; the rest are opt-in modules. */
const DEFAULT_FEATURES: Record<TFeature, boolean> = Object.fromEntries(
  FEATURES.map((f) => [f, ['resort', 'vessel', 'forms', 'todo', 'bank', 'bookingWidget'].includes(f)]),
) as Record<TFeature, boolean>;

type TCached = { at: number; values: Map<string, unknown> };

const isAdmin = (user: TSessionUser) => hasScope(user.scopes, ['admin']);

/** Who may change a group; `features` and `system` also follow the module-accounts rule (ADR 0006). */
const WRITE_SCOPES: Record<TSettingsGroup, readonly string[]> = {
  company: ['settings.update'],
  customers: ['settings.update'],
  booking: ['settings.update', 'bookings.update'],
  theme: ['settings.update'],
  views: ['settings.update'],
  features: ['admin'],
  guestform: ['settings.update'],
  auth: ['settings.update'],
  system: ['admin'],
  scuba: ['settings.update'],
  accounting: ['settings.update'],
};
const MODULE_GROUPS: readonly TSettingsGroup[] = ['features', 'system'];

/** Paths like the request validation's (`body/bank/iban`), so that forms place them on their fields. */
function validationError(error: z.ZodError) {
  const details = error.issues.map((issue) => ({
    path: ['body', ...issue.path].join('/'),
    code: issue.code,
    message: issue.message,
  }));
  return new AppError(400, 'ValidationError', 'The settings are not valid', details);
}

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
    // The one clock learns the operator's time zone whenever the group is read: at start and after a change.
    if (name === 'booking') setOperatorTimeZone(values.get('timezone') ?? DEFAULT_TIMEZONE);
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

  async function features(): Promise<Record<TFeature, boolean>> {
    const stored = await group('features');
    return Object.fromEntries(
      FEATURES.map((f) => [f, typeof stored.get(f) === 'boolean' ? stored.get(f) : DEFAULT_FEATURES[f]]),
    ) as Record<TFeature, boolean>;
  }

  async function views(): Promise<Record<TView, boolean>> {
    const stored = await group('views');
    return Object.fromEntries(VIEWS.map((v) => [v, stored.get(v) !== false])) as Record<TView, boolean>;
  }

  /** A group as the API answers it: defaults for keys never stored. */
  async function values(name: TSettingsGroup): Promise<Record<string, unknown>> {
    if (name === 'features') return features();
    if (name === 'views') return views();
    return { ...SETTINGS_DEFAULTS[name], ...Object.fromEntries(await group(name)) };
  }

  /** Module switches: administrators, and only the named accounts once there are any (ADR 0006). */
  async function mayChangeModules(user: TSessionUser) {
    if (!isAdmin(user)) return false;
    const accounts = await get<string[]>('system', 'moduleAccounts', []);
    return accounts.length === 0 || accounts.includes(user.email.toLowerCase());
  }

  return {
    group,
    get,
    values,
    mayChangeModules,
    /** `GET /api/settings/group/{group}`: public, authorized or settings.read per group. */
    async readGroup(user: TSessionUser | null, name: string) {
      if (!isSettingsGroup(name)) throw notFound('Settings group');
      const access = SETTINGS_READ_ACCESS[name];
      if (access !== 'public' && !user) throw unauthorized();
      if (access === 'settings.read' && user && !hasScope(user.scopes, ['settings.read'])) throw forbidden();
      return values(name);
    },
    /** `POST /api/settings/group/{group}`: the named keys of one group, all or none. */
    async updateGroup(user: TSessionUser, name: string, body: unknown) {
      if (!isSettingsGroup(name)) throw badRequest(`Unknown settings group "${name}"`, 'group');
      if (!hasScope(user.scopes, WRITE_SCOPES[name])) throw forbidden();
      if (MODULE_GROUPS.includes(name) && !(await mayChangeModules(user))) throw forbidden();
      const parsed = settingsPatch(name).safeParse(body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      await db.transaction(async (tx) => {
        for (const [key, value] of Object.entries(parsed.data)) await repo.upsert(tx, name, key, value);
      });
      // After the commit: a read during the transaction may have cached the old rows.
      invalidate(name);
      return values(name);
    },
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
    features,
    views,
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
