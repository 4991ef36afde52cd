// Bundle budget of the public pages, enforced in CI (run after `npm run build:web`):
// 1. the JS a phone loads before it can interact with /book/online-v2: the public.html entry chunk and
//    its static imports (transitively), plus the chunk of the page /book/online-v2 maps to in
//    src/public/pages.ts and its static imports, each file once, gzipped: ≤ 170 KB (170 × 1024 bytes);
// 2. the widget loader dist/widget.js gzipped: ≤ 35 KB;
// 3. every Mantine class (m_xxxxxxxx) the public entry's JavaScript uses (all its pages) is defined in the
//    public entry's CSS: it imports only the Mantine component styles it needs (src/public/styles.ts).
// Prints the figures; exits 1 (listing the files) when a budget is exceeded or the page is missing.
// Run: node apps/web/scripts/check-bundle.mjs   (optional --page=<source path> | --page=none to measure
// the entry alone, e.g. while the page does not exist yet)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Source path (as in the Vite manifest) of the page /book/online-v2 opens (src/public/pages.ts). */
const PAGE = 'src/features/online/pages/OnlineBookingV2Page.tsx';
const ROUTE = '/book/online-v2';
const ENTRY = 'public.html';
const BUDGET_BYTES = 170 * 1024;
const LOADER_BUDGET_BYTES = 35 * 1024;

const web = resolve(import.meta.dirname, '..');
// WEB_DIST: another build (as the server's WEB_DIST).
const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(web, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');
const pageArg = process.argv.find((a) => a.startsWith('--page='))?.slice('--page='.length);
const page = pageArg === undefined ? PAGE : pageArg === 'none' ? null : pageArg;

const problems = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (!existsSync(manifestPath)) {
  console.error(`bundle: ${manifestPath} is missing: run \`npm run build:web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The manifest keys of `key` and everything it imports statically, transitively. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle: ${key} is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const entry = manifest[ENTRY];
if (!entry?.isEntry) {
  console.error(`bundle: the manifest has no entry ${ENTRY}`);
  process.exit(1);
}
const keys = withStaticImports(ENTRY);
if (page) {
  if (!(entry.dynamicImports ?? []).includes(page) || !manifest[page]) {
    const pages = readFileSync(join(web, 'src/public/pages.ts'), 'utf8');
    const line = pages.split('\n').find((l) => l.includes(`'${ROUTE}'`));
    problems.push(
      `the page of ${ROUTE} (${page}) is not a dynamic import of ${ENTRY}: ` +
        (line
          ? `src/public/pages.ts maps it as: ${line.trim()} – update PAGE in scripts/check-bundle.mjs`
          : `src/public/pages.ts has no ${ROUTE} yet`),
    );
  } else withStaticImports(page, keys);
}

const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));
const sized = files.map((file) => ({ file, bytes: gzipped(file) })).sort((a, b) => b.bytes - a.bytes);
const total = sized.reduce((sum, f) => sum + f.bytes, 0);
const what = page ? `${ENTRY} + ${page}` : `${ENTRY} alone`;
console.log(`JS before interaction on ${ROUTE} (${what}), gzipped:`);
for (const f of sized) console.log(`  ${kb(f.bytes).padStart(9)}  ${f.file}`);
console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) problems.push(`${ROUTE}: ${kb(total)} gzipped > ${kb(BUDGET_BYTES)}`);

// 3. Mantine classes used by the public pages but missing from their CSS (src/public/styles.ts).
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
const publicKeys = new Set();
const walk = (key) => {
  if (publicKeys.has(key)) return;
  publicKeys.add(key);
  for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(next);
};
walk(ENTRY);
const classesIn = (files) =>
  new Set(files.flatMap((file) => readFileSync(join(dist, file), 'utf8').match(MANTINE_CLASS) ?? []));
const publicChunks = [...publicKeys].map((key) => manifest[key]);
const usedClasses = classesIn(publicChunks.map((c) => c.file).filter((f) => f.endsWith('.js')));
const definedClasses = classesIn([...new Set(publicChunks.flatMap((c) => c.css ?? []))]);
const missing = [...usedClasses].filter((c) => !definedClasses.has(c));
console.log(`Mantine classes of the public pages: ${usedClasses.size} used, ${missing.length} without CSS`);
if (missing.length)
  problems.push(
    `the public entry uses Mantine classes its CSS lacks (${missing.join(', ')}): import the component's ` +
      'styles in src/public/styles.ts',
  );

const loader = join(dist, 'widget.js');
if (!existsSync(loader)) problems.push('dist/widget.js is missing (apps/web/public/widget.js)');
else {
  const bytes = gzipped('widget.js');
  console.log(`widget loader dist/widget.js: ${kb(bytes)} gzipped (budget ${kb(LOADER_BUDGET_BYTES)})`);
  if (bytes > LOADER_BUDGET_BYTES)
    problems.push(`widget.js: ${kb(bytes)} gzipped > ${kb(LOADER_BUDGET_BYTES)}`);
}

if (problems.length) {
  console.error(`\nbundle budget failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('bundle budget ok');
