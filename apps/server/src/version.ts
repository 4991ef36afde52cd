import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The release version, from the root package.json. */
export const VERSION: string = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
).version;
