import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's modules import each other in one direction only: no two of them may depend on each other,
 * directly or around a circle. A module is a folder under src/modules (or a single file there); an import from a file of module A of anything in module B is the edge A → B. Type-only
 * imports count (they are still a dependency of the design); test files do not.
 */
const MODULES = resolve(import.meta.dirname, '../src/modules');

type TEdge = { from: string; to: string; file: string; specifier: string };

/** `from '…'` (imports and re-exports), a bare `import '…'` and `import('…')`, `import type` included. */
const SPECIFIERS =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module a path under src/modules belongs to: its first segment there; undefined outside. */
function moduleOf(path: string): string | undefined {
  const rel = relative(MODULES, path);
  if (rel === '' || rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

function moduleEdges(): TEdge[] {
  const edges: TEdge[] = [];
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      if (!specifier.startsWith('.')) continue; // packages and workspace imports lie outside the modules
      const to = moduleOf(resolve(dirname(file), specifier));
      if (from && to && to !== from) edges.push({ from, to, file: relative(MODULES, file), specifier });
    }
  }
  return edges;
}

/** Strongly connected components (Tarjan), each sorted; only those of more than one module. */
function circles(edges: readonly TEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    next.set(from, (next.get(from) ?? new Set()).add(to));
    if (!next.has(to)) next.set(to, new Set());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest circle through `start` inside `component`, as the edges (with the importing file) that make it. */
function circleThrough(start: string, component: readonly string[], edges: readonly TEdge[]): string[] {
  const inside = new Set(component);
  const via = new Map<string, TEdge>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const edge of edges) {
      if (edge.from !== node || !inside.has(edge.to) || via.has(edge.to)) continue;
      via.set(edge.to, edge);
      if (edge.to === start) {
        const path: TEdge[] = [];
        for (let at = edge; ; at = via.get(at.from) as TEdge) {
          path.unshift(at);
          if (at.from === start) break;
        }
        return path.map((e) => `${e.from} → ${e.to}: ${e.file} imports '${e.specifier}'`);
      }
      queue.push(edge.to);
    }
  }
  return [];
}

describe('module graph', () => {
  const edges = moduleEdges();
  const found = circles(edges);

  it('reads the modules and their imports', () => {
    // A guard for the reader itself: were the regex or the paths wrong, every later check would pass.
    expect(edges.some((e) => e.from === 'auth' && e.to === 'users')).toBe(true);
    expect(edges.some((e) => e.from === 'online' && e.to === 'bookings')).toBe(true);
  });

  it('has no circle between modules', () => {
    const problems = found.map(
      (component) =>
        `a circle through ${component.join(', ')}; for example:\n  ` +
        circleThrough(component[0] as string, component, edges).join('\n  '),
    );
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
});
