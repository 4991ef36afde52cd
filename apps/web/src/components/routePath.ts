import { ROUTES } from '@atoll/domain/navigation/routes';
import { generatePath } from 'react-router';

/** The path of a named route of the route table, e.g. `routePath('userEdit', { id: 5 })` → `/users/5`. */
export function routePath(name: string, params: Record<string, string | number> = {}): string {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return generatePath(route.path, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
}
