import type { ComponentType } from 'react';

// The pages of the light public entry (public.html): what guests open on a phone, and the login. The server
// answers public.html for these paths (PUBLIC_ENTRY_PATTERNS in @atoll/domain/navigation/public-entry), the
// service worker leaves them to the network. The same page components are also mapped in app/pages.ts, so they
// open inside the back office too (staff preview, the login after a logout).

/** `load` fetches the page's chunk; main.tsx renders the page once it is there. */
export type TPublicPage = { path: string; load: () => Promise<{ default: ComponentType }> };

const route = (path: string, load: TPublicPage['load']): TPublicPage => ({ path, load });

export const PUBLIC_PAGES: TPublicPage[] = [
  route('/widget/:slug', () => import('../features/widgets/pages/WidgetPage.tsx')),
  route('/forms/:id/:token', () => import('../features/forms/pages/PublicFormPage.tsx')),
  route('/guestform/:id/:token', () => import('../features/guestforms/pages/GuestFormPage.tsx')),
  route('/guestform-m/:id/:token', () => import('../features/guestforms/pages/GuestFormMultiPage.tsx')),
  route('/book/online', () => import('../features/online/pages/OnlineBookingV2Page.tsx')),
  route('/book/online-v2', () => import('../features/online/pages/OnlineBookingV2Page.tsx')),
  route('/book/resort', () => import('../features/online/pages/BookResortPage.tsx')),
  route('/book/resort-v2', () => import('../features/online/pages/BookResortPage.tsx')),
  route('/login', () => import('./login.ts')),
  route('/club/login', () => import('./login.ts')),
  route('*', () => import('./NotFoundPage.tsx')),
];
