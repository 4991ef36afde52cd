import { decideNavigation, isDuplicateNavigationError } from '@atoll/domain/navigation/guard';
import type { TRouteDef } from '@atoll/domain/navigation/routes';
import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useBootstrap } from './bootstrap.ts';
import { routeHistory } from './history.ts';
import { showError } from './messages.ts';
import { NotFoundPage, NotYetAvailablePage, PAGES } from './pages.ts';
import { useSession } from './session.ts';

export const PageLoader = () => (
  <Center h="50vh">
    <Loader aria-label="Loading" />
  </Center>
);

/** Runs the navigation guard (packages/domain) for one route, then renders its screen. */
export function Guarded({ route }: { route: TRouteDef }) {
  const boot = useBootstrap();
  const { token, user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();

  const decision =
    boot.data &&
    decideNavigation({
      route,
      pathname: location.pathname,
      search: location.search,
      user: token && user ? user : null,
      features: boot.data.features,
      views: boot.data.views,
      history: routeHistory.get(),
      now: Date.now(),
    });

  useEffect(() => {
    if (!decision || decision.kind === 'allow' || decision.kind === 'notFound') {
      if (decision?.kind === 'allow') routeHistory.push({ path: location.pathname, search: location.search });
      return;
    }
    showError(t(`messages.${decision.message}`));
    Promise.resolve(navigate(decision.redirect, { replace: true })).catch((err) => {
      if (!isDuplicateNavigationError(err)) throw err;
    });
  }, [decision, location.pathname, location.search, navigate, t]);

  if (boot.isPending) return <PageLoader />;
  if (boot.isError && !boot.data) return <NotYetAvailablePage />;
  if (!decision || decision.kind === 'forbidden' || decision.kind === 'unauthorized') return <PageLoader />;
  const Page = decision.kind === 'notFound' ? NotFoundPage : (PAGES[route.name] ?? NotYetAvailablePage);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
