export type TTree = { [key: string]: string | TTree };

function merge(target: TTree, source: TTree): TTree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return target;
}

/** The shell's texts with each feature's `features/<feature>/i18n/<lang>.json` merged in deeply. */
export const mergeTexts = (shell: TTree, features: readonly TTree[]): TTree =>
  features.reduce((all, tree) => merge(all, tree), merge({}, shell));
