// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built app, which the server
// sends instead of the file when the browser accepts it (@fastify/static `preCompressed`): a phone on a slow
// network downloads the public entry's ~130 KB of gzipped JavaScript instead of ~430 KB.
// Run after `vite build` (apps/web `npm run build` does).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// WEB_DIST: another build (as the server's WEB_DIST and check-bundle.mjs).
const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const path of files(dist)) {
  if (!TEXT.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
  raw += content.length;
  brotli += br.length;
}
console.log(
  `compressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
);
