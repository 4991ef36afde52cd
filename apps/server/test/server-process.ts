import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Real server processes for the tests that need more than one instance, a hard kill or the run contract
// (scale-out, crash, run-contract): `node --import tsx apps/server/src/main.ts`, exactly what `npm start` serves, on a free port.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 150_000;

export type TServerProcess = {
  url: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGKILL (no shutdown at all) or SIGTERM (graceful); resolves with its exit code when the process is gone. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
};

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server with these settings (DATABASE_URL or DATA_DIR …) and waits until /version answers. */
export async function startServer(env: Record<string, string>): Promise<TServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      // The demo without its season of bookings: a quick first start (the season has its own test).
      SEED: 'demo-base',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    const up = await fetch(`${url}/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A small HTTP client for one server: JSON in and out, the bearer token when given. */
export function client(url: string) {
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  return {
    call,
    async login(email: string, password: string): Promise<string> {
      const res = await call('POST', '/api/auth/token', undefined, { email, password });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token as string;
    },
  };
}
