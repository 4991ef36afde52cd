import type { TFunction } from 'i18next';

/** Select options of a list of values with their texts under `dive.<group>.<value>`. */
export const valueOptions = (t: TFunction, group: string, values: readonly string[]) =>
  values.map((value) => ({ value, label: t(`dive.${group}.${value}`) }));

export const DIVE_SCOPES = (resource: string) => ({
  create: [`${resource}.create`],
  update: [`${resource}.update`],
  delete: [`${resource}.delete`],
});
