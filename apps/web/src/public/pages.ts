import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The pages of the light public entry (public.html): what guests open on a phone. The server answers
// public.html for these paths (PUBLIC_ENTRY_PATHS in @atoll/domain/navigation/public-entry), the service
// worker leaves them to the network. The same page components are also mapped in app/pages.ts, so they
// open inside the back office too (staff preview).

export type TPublicPage = { path: string; page: LazyExoticComponent<ComponentType> };

export const PUBLIC_PAGES: TPublicPage[] = [{ path: '*', page: lazy(() => import('./NotFoundPage.tsx')) }];
