import type { TPrepared } from './specials.ts';

// Exclusivity (docs/domain/specials.md): specials with an identical rule set, or in the same specials group,
// compete; the largest reduction (or smallest surcharge) wins. Sets are joined transitively. An empty
// rule set joins nothing: "no conditions" is not a condition two vouchers share.

/** The competition set of each special that has rivals, members in application order. */
export function competitionSets(specials: readonly TPrepared[]): Map<number, TPrepared[]> {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  const firstByKey = new Map<string, number>();
  for (const p of specials) {
    const id = p.special.id;
    parent.set(id, id);
    const keys = [
      ...(p.rules.length ? [`rules:${p.setKey}`] : []),
      ...(p.special.groupId != null ? [`group:${p.special.groupId}`] : []),
    ];
    for (const key of keys) {
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, id);
      else parent.set(find(id), find(first));
    }
  }
  const byRoot = new Map<number, TPrepared[]>();
  for (const p of specials) {
    const root = find(p.special.id);
    const list = byRoot.get(root);
    if (list) list.push(p);
    else byRoot.set(root, [p]);
  }
  const out = new Map<number, TPrepared[]>();
  for (const list of byRoot.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.order - b.order);
    for (const p of list) out.set(p.special.id, list);
  }
  return out;
}

/** The lowest signed amount (largest reduction, smallest surcharge); a tie goes to the first applied. */
export function pickWinner(scored: readonly { p: TPrepared; amount: number }[]): TPrepared | undefined {
  let best: { p: TPrepared; amount: number } | undefined;
  for (const s of scored) {
    const c = best ? s.amount - best.amount : -1;
    if (!best || c < 0 || (c === 0 && s.p.order < best.p.order)) best = s;
  }
  return best?.p;
}
