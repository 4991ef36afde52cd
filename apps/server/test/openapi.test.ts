import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from '../src/openapi.ts';
import { VERSION } from '../src/version.ts';

describe('OpenAPI document', () => {
  it('docs/openapi.json is the document the code generates (run `npm run openapi`)', async () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8');
    expect(await generateOpenApi(VERSION)).toBe(committed);
  });
});
