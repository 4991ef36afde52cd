import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApi } from '../src/openapi.ts';
import { VERSION } from '../src/version.ts';

// Writes docs/openapi.json; a test fails while the committed copy differs from the code.
const target = resolve(import.meta.dirname, '../../../docs/openapi.json');
writeFileSync(target, await generateOpenApi(VERSION));
console.log(`wrote ${target}`);
