import type { TFeature, TView } from '@atoll/domain/constants';
import {
  evaluateAccess,
  homeFor,
  isLoginPath,
  STAFF_HOME,
  safeJumpTarget,
} from '@atoll/domain/navigation/guard';
import { findRoute } from '@atoll/domain/navigation/routes';
import { classifyUser } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';

type TInstallation = { features: Record<TFeature, boolean>; views: Record<TView, boolean> };

/** Whether someone is logged in as more than a guest (spec platform §4 classification). */
export const isNonGuest = (user: TSessionUser | null): user is TSessionUser =>
  user !== null && classifyUser(user) !== 'guest';

/**
 * The user's home (homeFor: club dashboard for customers, else /). When that page is switched off
 * here (no crmMaster), the staff home is the page that exists for them.
 */
export function landingPath(user: TSessionUser, installation: TInstallation | undefined): string {
  const home = homeFor(user);
  if (!installation || home === STAFF_HOME) return home;
  const route = findRoute(home);
  const open = route && evaluateAccess(route, user, installation.features, installation.views) === 'allow';
  return open ? home : STAFF_HOME;
}

/**
 * Where to go after logging in: the `returnTo` hint when it is a safe internal path (never an open
 * redirect, never back to a login page), otherwise the user's home.
 */
export function afterLoginPath(
  returnTo: string | null,
  user: TSessionUser,
  installation: TInstallation | undefined,
): string {
  if (returnTo && safeJumpTarget(returnTo) === returnTo && !isLoginPath(returnTo.split('?', 1)[0] ?? ''))
    return returnTo;
  return landingPath(user, installation);
}
