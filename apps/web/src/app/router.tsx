import { chunkReloadDelay } from '@atoll/domain/navigation/guard';
import { ROUTES, type TRouteDef } from '@atoll/domain/navigation/routes';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject, useRouteError } from 'react-router';
import { Guarded } from './Guarded.tsx';
import { Shell } from './Shell.tsx';

/** Pages drawn without the side drawer: public pages, login and verification, the jump-in page. */
const isBare = (route: TRouteDef) =>
  Boolean(route.public || route.guestOnly) ||
  route.path.startsWith('/jumpto/') ||
  route.path.startsWith('/widget/');

const toRouteObject = (route: TRouteDef): RouteObject => ({
  path: route.path,
  element: <Guarded route={route} />,
});

const isChunkError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|chunk/i.test(error.message);

/** A page whose code failed to load (a deploy replaced it): reload after 250 ms, except on localhost. */
function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  useEffect(() => {
    const delay = chunk ? chunkReloadDelay(location.hostname) : null;
    if (delay === null) return;
    const timer = setTimeout(() => location.reload(), delay);
    return () => clearTimeout(timer);
  }, [chunk]);
  return (
    <Center h="60vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title={t('app.errorTitle')}>
          {t(chunk ? 'app.chunkError' : 'app.errorText')}
        </Alert>
        <Button onClick={() => location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
}

export function createRouter() {
  const bare = ROUTES.filter((r) => isBare(r) && r.path !== '*');
  const framed = ROUTES.filter((r) => !isBare(r) && r.path !== '*');
  const notFound = ROUTES.find((r) => r.path === '*');
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        ...bare.map(toRouteObject),
        {
          element: <Shell />,
          children: [...framed.map(toRouteObject), ...(notFound ? [toRouteObject(notFound)] : [])],
        },
      ],
    },
  ]);
}
