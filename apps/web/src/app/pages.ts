import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type TPage = LazyExoticComponent<ComponentType>;

/** Screens by route name (`routes.ts` in packages/domain). A route without one shows "not yet available". */
export const PAGES: Record<string, TPage> = {
  home: lazy(() => import('../features/home/pages/HomePage.tsx')),
  login: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  clubLogin: lazy(() => import('../features/auth/pages/LoginPage.tsx')),
  passwordReset: lazy(() => import('../features/auth/pages/PasswordResetPage.tsx')),
  clubPasswordReset: lazy(() => import('../features/auth/pages/PasswordResetPage.tsx')),
  register: lazy(() => import('../features/auth/pages/RegisterPage.tsx')),
  userVerify: lazy(() => import('../features/auth/pages/VerifyPage.tsx')),
  clubUserVerify: lazy(() => import('../features/auth/pages/VerifyPage.tsx')),
  jumpTo: lazy(() => import('../features/auth/pages/JumpToPage.tsx')),
  userProfile: lazy(() => import('../features/users/pages/ProfilePage.tsx')),
  notFound: lazy(() => import('../features/system/pages/NotFoundPage.tsx')),
  users: lazy(() => import('../features/users/pages/UsersListPage.tsx')),
  userCreate: lazy(() => import('../features/users/pages/UserEditPage.tsx')),
  userEdit: lazy(() => import('../features/users/pages/UserEditPage.tsx')),
  userRoles: lazy(() => import('../features/users/pages/UserRolesPage.tsx')),
};

export const NotYetAvailablePage = lazy(() => import('../features/system/pages/NotYetAvailablePage.tsx'));
export const NotFoundPage = PAGES.notFound as TPage;
