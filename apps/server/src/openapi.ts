import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openPglite } from './db/client.ts';

/** The OpenAPI document as served at /api/docs/json, with stable key order for a readable diff. */
export async function generateOpenApi(version: string): Promise<string> {
  const database = await openPglite(undefined);
  // The app reads its settings when it starts.
  await database.migrate();
  const app = await buildApp({ database, config: loadConfig({}), version });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
