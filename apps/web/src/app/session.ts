import { isNewerVersion, isValidToken, refreshDelayMs } from '@atoll/domain/navigation/session';
import type { TSessionUser } from '@atoll/domain/users';
import { useSyncExternalStore } from 'react';
import { api } from './api.ts';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

export type TLoginAnswer = { token: string; expiresIn: number; user: TSessionUser; version: string };
type TState = { token: string | null; expiresAt: number | null; user: TSessionUser | null };

// The token lives in memory and in a cookie, so a reload keeps the session (spec platform §7).
const TOKEN_COOKIE = 'atoll_session';
const EXPIRY_KEY = 'atoll.expiresAt';
const VERSION_KEY = 'atoll.version';
/** Fired when the server runs a newer version than the one this browser last saw. */
export const CACHE_RELOAD_EVENT = 'atoll:cache-reload';

let state: TState = { token: null, expiresAt: null, user: null };
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: Partial<TState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function scheduleRefresh(expiresInSeconds: number) {
  clearTimeout(refreshTimer);
  const delay = refreshDelayMs(expiresInSeconds);
  if (delay !== null) refreshTimer = setTimeout(() => void session.refresh(), delay);
}

function checkVersion(version: string) {
  const stored = localStorage.getItem(VERSION_KEY);
  if (stored && isNewerVersion(version, stored)) window.dispatchEvent(new Event(CACHE_RELOAD_EVENT));
  localStorage.setItem(VERSION_KEY, version);
}

export const session = {
  get: () => state,
  token: () => state.token,
  /** Restores the token of an earlier visit; the bootstrap call then tells who it belongs to. */
  restore() {
    const token = readCookie(TOKEN_COOKIE);
    const expiresAt = Number(localStorage.getItem(EXPIRY_KEY)) || null;
    if (!isValidToken(token) || (expiresAt && expiresAt <= Date.now())) return this.clear();
    set({ token: token ?? null, expiresAt });
    if (expiresAt) scheduleRefresh((expiresAt - Date.now()) / 1000);
  },
  setUser(user: TSessionUser | null) {
    set({ user });
  },
  accept(answer: TLoginAnswer) {
    if (!isValidToken(answer.token)) throw new Error('invalid token');
    const expiresAt = Date.now() + answer.expiresIn * 1000;
    writeCookie(TOKEN_COOKIE, answer.token, answer.expiresIn);
    localStorage.setItem(EXPIRY_KEY, String(expiresAt));
    set({ token: answer.token, expiresAt, user: answer.user });
    scheduleRefresh(answer.expiresIn);
    checkVersion(answer.version);
  },
  async refresh() {
    if (!state.token) return;
    try {
      this.accept(await api<TLoginAnswer>('/auth/token', { method: 'PUT', silent: true }));
    } catch {
      // A failed refresh leaves the session to run out; the next call reports TOKEN_EXPIRED.
    }
  },
  async logout() {
    if (state.token) await api('/auth/token', { method: 'DELETE', silent: true }).catch(() => {});
    this.clear();
  },
  clear() {
    clearTimeout(refreshTimer);
    deleteCookie(TOKEN_COOKIE);
    localStorage.removeItem(EXPIRY_KEY);
    set({ token: null, expiresAt: null, user: null });
  },
  checkVersion,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.get);
}
