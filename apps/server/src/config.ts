import { resolve } from 'node:path';

export type TConfig = {
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** demo: the demo data with its season of bookings; demo-base: without the season; none: no demo data. */
  seed: 'demo' | 'demo-base' | 'none';
  /** Public base URL used in links inside mails. */
  appUrl: string;
  smtpUrl: string | undefined;
  /** Optional: rate-limit counters shared by all instances. */
  redisUrl: string | undefined;
  mailFrom: string;
  /** Lifetime of a login token in seconds. */
  tokenTtlSeconds: number;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Rate limits for login and password reset, per IP and minute. */
  authRateLimit: number;
  /** Mail-sending calls per user (token) and minute (MAIL_RATE_LIMIT). */
  mailRateLimit: number;
  /**
   * Failed logins with one address before each further try waits (LOGIN_FAILURES_BEFORE_DELAY): 1 minute,
   * doubling per failure up to 15 minutes, for every client (ASVS V2.2).
   */
  loginFailuresBeforeDelay: number;
  /** The in-memory caches behind the change feed (sessions, booking list, reference data; ADR 0024); CACHES=off turns them off. */
  caches: boolean;
  /** Repeated statements as named prepared statements on PostgreSQL (ADR 0030); PG_PREPARED_STATEMENTS=off turns them off. */
  preparedStatements: boolean;
  webDist: string;
  /**
   * Dropbox backups (docs/operations.md): the app's key and secret and a refresh token of the account
   * (DROPBOX_APP_KEY, DROPBOX_APP_SECRET, DROPBOX_REFRESH_TOKEN), the folder (DROPBOX_FOLDER, /atoll-backups),
   * how many backups to keep there (DROPBOX_KEEP, 14) and, for tests or a proxy, another API address
   * (DROPBOX_API_BASE). Unset key, secret or token: no Dropbox backups.
   */
  dropbox?: TDropboxConfig;
};

export type TDropboxConfig = {
  appKey: string;
  appSecret: string;
  refreshToken: string;
  folder: string;
  keep: number;
  apiBase?: string;
};

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const host = env.HOST || '127.0.0.1';
  const port = int(env.PORT, 3000);
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    seed: env.SEED === 'none' || env.SEED === 'demo-base' ? env.SEED : 'demo',
    appUrl: env.APP_URL || `http://${host}:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Atoll <no-reply@atoll.local>',
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 8 * 3600),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    authRateLimit: int(env.AUTH_RATE_LIMIT, 10),
    mailRateLimit: int(env.MAIL_RATE_LIMIT, 20),
    loginFailuresBeforeDelay: int(env.LOGIN_FAILURES_BEFORE_DELAY, 5),
    caches: env.CACHES !== 'off',
    preparedStatements: env.PG_PREPARED_STATEMENTS !== 'off',
    // WEB_DIST: another build of the web app (a second checkout's or a test's); default apps/web/dist.
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '../../web/dist'),
    ...(env.DROPBOX_APP_KEY && env.DROPBOX_APP_SECRET && env.DROPBOX_REFRESH_TOKEN
      ? {
          dropbox: {
            appKey: env.DROPBOX_APP_KEY,
            appSecret: env.DROPBOX_APP_SECRET,
            refreshToken: env.DROPBOX_REFRESH_TOKEN,
            folder: env.DROPBOX_FOLDER || '/atoll-backups',
            keep: Math.max(1, int(env.DROPBOX_KEEP, 14)),
            ...(env.DROPBOX_API_BASE ? { apiBase: env.DROPBOX_API_BASE } : {}),
          },
        }
      : {}),
  };
}
