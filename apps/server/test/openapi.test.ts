import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../src/openapi.ts';
import { VERSION } from '../src/version.ts';
import { createTestApp, type TTestApp } from './harness.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe('OpenAPI document', () => {
  it('docs/openapi.json is the document the code generates (run `npm run openapi`)', async () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8');
    expect(await generateOpenApi(VERSION)).toBe(committed);
  });

  it('the served document passes redocly’s recommended rules without an error', async () => {
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.statusCode).toBe(200);
    const problems = await lintFromString({
      source: served.body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
    // Registered once, referenced everywhere; the bearer scheme; files typed as files.
    const doc = served.json();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Booking', 'ErrorBody']));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/auth/token'].post.security).toEqual([]);
    expect(doc.paths['/api/invoices/{id}/pdf'].get.responses['200'].content).toHaveProperty(
      'application/pdf',
    );
    expect(doc.paths['/api/users/listCSV'].get.responses['200'].content).toHaveProperty('text/csv');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/mail/{') && !p.includes('/', 11))).toEqual(
      ['/api/mail/{folderOrId}'],
    );
  });
});
