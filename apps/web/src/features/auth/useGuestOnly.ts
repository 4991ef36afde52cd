import { useBootstrap } from '../../app/bootstrap.ts';
import { useSession } from '../../app/session.ts';
import { isNonGuest, landingPath } from './landing.ts';

/**
 * Pages for guests only (reset, registration, login): where a logged-in non-guest is sent instead,
 * or null for a guest (spec platform §2 "Password screen", §4). Null too until the bootstrap has answered: the
 * session learns its user a moment before the bootstrap's answer arrives, and a landing chosen without the
 * installation's switches can be a page that is off ("not found").
 */
export function useGuestOnlyRedirect(): string | null {
  const { token, user } = useSession();
  const boot = useBootstrap();
  if (!token || !isNonGuest(user) || !boot.data) return null;
  return landingPath(user, boot.data);
}
