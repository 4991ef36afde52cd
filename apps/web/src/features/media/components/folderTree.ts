import type { TMediaFolder } from '@atoll/domain/inventory/media';

export type TFolderNode = { folder: TMediaFolder; depth: number };

/** Folders in tree order (parents before their children, each level by sort and name) with their depth. */
export function folderTree(folders: TMediaFolder[]): TFolderNode[] {
  const byParent = new Map<number | null, TMediaFolder[]>();
  const ids = new Set(folders.map((f) => f.id));
  for (const folder of folders) {
    // A parent that is not in the list (should not happen) shows the folder at the top.
    const parent = folder.parentId !== null && ids.has(folder.parentId) ? folder.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), folder]);
  }
  const out: TFolderNode[] = [];
  const walk = (parent: number | null, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort(
      (a, b) => a.sort - b.sort || a.name.localeCompare(b.name),
    );
    for (const folder of children) {
      out.push({ folder, depth });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
