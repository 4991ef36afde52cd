import { decideNavigation, isDuplicateNavigationError } from '@atoll/domain/navigation/guard';
import type { TRouteDef } from '@atoll/domain/navigation/routes';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useBootstrap } from './bootstrap.ts';
import { routeHistory } from './history.ts';
import { showError } from './messages.ts';
import { NotFoundPage, NotYetAvailablePage, PAGES } from './pages.ts';
import { useSession } from './session.ts';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="50vh" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}

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

  const kind = decision?.kind;
  const redirect = decision && 'redirect' in decision ? decision.redirect : undefined;
  const message = decision && 'message' in decision ? decision.message : undefined;
  useEffect(() => {
    if (kind === 'allow') routeHistory.push({ path: location.pathname, search: location.search });
    if (!redirect || !message) return;
    // A logged-in user on a login page is simply sent on (spec platform §4): no message for that.
    if (!route.guestOnly) showError(t(`messages.${message}`));
    Promise.resolve(navigate(redirect, { replace: true })).catch((err) => {
      if (!isDuplicateNavigationError(err)) throw err;
    });
  }, [kind, redirect, message, route.guestOnly, location.pathname, location.search, navigate, t]);

  if (boot.isPending) return <PageLoader />;
  if (boot.isError && !boot.data) return <NoServer retry={boot.refetch} />;
  if (!decision || decision.kind === 'forbidden' || decision.kind === 'unauthorized') return <PageLoader />;
  const Page = decision.kind === 'notFound' ? NotFoundPage : (PAGES[route.name] ?? NotYetAvailablePage);
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/**
 * The installation's settings could not be fetched (no network, or the server is down): no route can be decided.
 * The page says so and tries again when asked, and by itself when the browser is back online.
 */
function NoServer({ retry }: { retry: () => unknown }) {
  const { t } = useTranslation();
  // The query library only refetches on a change it saw itself, and a page that opened offline never saw one.
  useEffect(() => {
    const again = () => void retry();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [retry]);
  return (
    <Alert icon={<IconPlugConnectedX />} color="red" title={t('app.noServer.title')} maw={640}>
      <Stack align="flex-start" gap="sm">
        {t('app.noServer.text')}
        <Button variant="default" onClick={() => void retry()}>
          {t('datatable.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
