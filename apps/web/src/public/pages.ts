import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// The pages of the light public entry (public.html): what guests open on a phone. The server answers
// public.html for these paths (PUBLIC_ENTRY_PATHS in @atoll/domain/navigation/public-entry), the service
// worker leaves them to the network. The same page components are also mapped in app/pages.ts, so they
// open inside the back office too (staff preview).

export type TPublicPage = { path: string; page: LazyExoticComponent<ComponentType> };

export const PUBLIC_PAGES: TPublicPage[] = [
  { path: '/widget/:slug', page: lazy(() => import('../features/widgets/pages/WidgetPage.tsx')) },
  { path: '/forms/:id/:token', page: lazy(() => import('../features/forms/pages/PublicFormPage.tsx')) },
  {
    path: '/guestform/:id/:token',
    page: lazy(() => import('../features/guestforms/pages/GuestFormPage.tsx')),
  },
  {
    path: '/guestform-m/:id/:token',
    page: lazy(() => import('../features/guestforms/pages/GuestFormMultiPage.tsx')),
  },
  { path: '/book/online', page: lazy(() => import('../features/online/pages/OnlineBookingV2Page.tsx')) },
  { path: '/book/online-v2', page: lazy(() => import('../features/online/pages/OnlineBookingV2Page.tsx')) },
  { path: '/book/resort', page: lazy(() => import('../features/online/pages/BookResortPage.tsx')) },
  { path: '/book/resort-v2', page: lazy(() => import('../features/online/pages/BookResortPage.tsx')) },
  { path: '*', page: lazy(() => import('./NotFoundPage.tsx')) },
];
