import { routePath } from '../../../components/routePath.ts';

/**
 * The booking wizard started on a stay: `resort` (with `room`, `from`, `to`) or `vessel` and `schedule` (with
 * `room`, the departure's `from`, `to`); the wizard reads the same parameters.
 */
export function wizardLink(query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${routePath('bookingWizard')}?${search}`;
}
