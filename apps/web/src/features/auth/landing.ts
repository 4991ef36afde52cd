import type { TFeature, TView } from '@atoll/domain/constants';
import { homeFor, isLoginPath, safeJumpTarget } from '@atoll/domain/navigation/guard';
import { classifyUser } from '@atoll/domain/scopes';
import type { TSessionUser } from '@atoll/domain/users';

type TInstallation = { features: Record<TFeature, boolean>; views: Record<TView, boolean> };

/** Whether someone is logged in as more than a guest (spec platform §4 classification). */
export const isNonGuest = (user: TSessionUser | null): user is TSessionUser =>
  user !== null && classifyUser(user) !== 'guest';

/** The user's home for this installation (homeFor: the club dashboard only where it is switched on). */
export const landingPath = (user: TSessionUser, installation: TInstallation | undefined): string =>
  homeFor(user, installation);

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
