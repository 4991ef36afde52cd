import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type TPage = LazyExoticComponent<ComponentType>;

/** Screens by route name (`routes.ts` in packages/domain). A route without one shows "not yet available". */
export const PAGES: Record<string, TPage> = {
  home: lazy(() => import('../features/home/pages/HomePage.tsx')),
  login: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  clubLogin: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  notFound: lazy(() => import('../features/system/pages/NotFoundPage.tsx')),
};

export const NotYetAvailablePage = lazy(() => import('../features/system/pages/NotYetAvailablePage.tsx'));
export const NotFoundPage = PAGES.notFound as TPage;
