// Fails (exit 1, listing the keys) when the translations are incomplete:
// - de.json and en.json (the shell's in src/i18n plus each feature's features/<f>/i18n) differ in keys, or a text's {{placeholders}} differ between them;
// - a route name (`routes.<name>`) or section (`sections.<section>`) of the route table is missing;
// - a feature switch (`features.<f>`), language (`languages.<l>`) or API error code (`errors.<code>`),
//   which the app translates through template keys, is missing;
// - a literal key used as t('…') / t("…") in apps/web/src is missing. Template keys are not followed.
// Run: node apps/web/scripts/check-i18n.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const web = resolve(import.meta.dirname, '..');
const domain = resolve(web, '../../packages/domain/src');
const LANGS = ['de', 'en'];
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

const problems = [];
const fail = (text) => problems.push(text);

/** Leaf keys as dotted paths → text. */
function flatten(tree, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else fail(`${path}: not a text (${JSON.stringify(value)})`);
  }
  return out;
}

/** The shell's src/i18n/<lang>.json plus every features/<feature>/i18n/<lang>.json; a key may live in one file only. */
function translationFiles(lang) {
  const featureDir = join(web, 'src/features');
  const own = readdirSync(featureDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(featureDir, d.name, 'i18n', `${lang}.json`))
    .filter((f) => existsSync(f));
  return [join(web, 'src/i18n', `${lang}.json`), ...own];
}

function readTranslations(lang) {
  const all = new Map();
  for (const file of translationFiles(lang)) {
    let tree;
    try {
      tree = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      console.error(`i18n: ${relative(process.cwd(), file)} is not valid JSON: ${err.message}`);
      process.exit(1);
    }
    for (const [key, text] of flatten(tree)) {
      if (all.has(key)) fail(`${relative(process.cwd(), file)}: ${key} is defined in another file too`);
      all.set(key, text);
    }
  }
  return all;
}
const files = Object.fromEntries(LANGS.map((lang) => [lang, readTranslations(lang)]));

// A key is present as itself or, for t(key, { count }), as its plural forms.
const has = (flat, key) => flat.has(key) || PLURAL_SUFFIXES.some((s) => flat.has(`${key}_${s}`));
function requireKey(key, where) {
  for (const lang of LANGS) if (!has(files[lang], key)) fail(`${lang}.json: missing ${key} (${where})`);
}

// 1. Both files hold the same keys, with the same placeholders.
const placeholders = (text) =>
  [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
for (const [lang, other] of [
  ['de', 'en'],
  ['en', 'de'],
]) {
  for (const key of files[lang].keys())
    if (!files[other].has(key)) fail(`${other}.json: missing ${key} (present in ${lang}.json)`);
}
for (const [key, de] of files.de) {
  const en = files.en.get(key);
  if (en !== undefined && placeholders(de) !== placeholders(en))
    fail(`${key}: placeholders differ (de: {{${placeholders(de)}}}, en: {{${placeholders(en)}}})`);
}

// 2. Route table, feature switches, languages and error codes from packages/domain.
const load = (path) => tsImport(join(domain, path), import.meta.url);
const { ROUTES } = await load('navigation/routes.ts');
const { FEATURES, LANGUAGES } = await load('constants.ts');
const { ERROR_CODES } = await load('errors.ts');
const { SCOPE_RESOURCES } = await load('scopes/catalogue.ts');
for (const route of ROUTES) requireKey(`routes.${route.name}`, `route ${route.path}`);
for (const section of new Set(ROUTES.map((r) => r.section))) requireKey(`sections.${section}`, 'route table');
for (const feature of FEATURES) requireKey(`features.${feature}`, 'feature switch');
for (const lang of LANGUAGES) requireKey(`languages.${lang}`, 'language');
for (const code of ERROR_CODES) requireKey(`errors.${code}`, 'API error code');
for (const resource of SCOPE_RESOURCES) requireKey(`users.scopes.resources.${resource}`, 'scope group');

// 3. Literal keys in the source: t('a.b'), i18n.t("a.b"), getFixedT(lang)('a.b').
const LITERAL_CALLS = [
  /(?:^|[^\w$])t\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
  /getFixedT\([^)]*\)\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
];
function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}
let literalCount = 0;
for (const file of sources(join(web, 'src'))) {
  const text = readFileSync(file, 'utf8');
  for (const pattern of LITERAL_CALLS) {
    for (const match of text.matchAll(pattern)) {
      literalCount += 1;
      const line = text.slice(0, match.index).split('\n').length;
      requireKey(match[2], `${relative(process.cwd(), file)}:${line}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`i18n: ${problems.length} problem(s)`);
  for (const p of [...new Set(problems)].sort()) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  `i18n: ${files.de.size} keys in de and en, ${ROUTES.length} routes, ${literalCount} literal t() calls: all translated`,
);
