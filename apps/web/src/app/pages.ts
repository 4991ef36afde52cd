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
  customerGroups: lazy(() => import('../features/customer-groups/pages/CustomerGroupsPage.tsx')),
  customerDataGroups: lazy(() => import('../features/customer-data-groups/pages/CustomerDataGroupsPage.tsx')),
  customerCredits: lazy(() => import('../features/credits/pages/CustomerCreditsPage.tsx')),
  agencyCredits: lazy(() => import('../features/credits/pages/AgencyCreditsPage.tsx')),
  agencies: lazy(() => import('../features/agencies/pages/AgencyListPage.tsx')),
  agencyListFilter: lazy(() => import('../features/agencies/pages/AgencyFilterPage.tsx')),
  agencyCreate: lazy(() => import('../features/agencies/pages/AgencyEditPage.tsx')),
  agencyEdit: lazy(() => import('../features/agencies/pages/AgencyEditPage.tsx')),
  agencyGroup: lazy(() => import('../features/agencies/pages/AgencyGroupPage.tsx')),
  customers: lazy(() => import('../features/customers/pages/CustomerListPage.tsx')),
  customerCreate: lazy(() => import('../features/customers/pages/CustomerEditPage.tsx')),
  customerEdit: lazy(() => import('../features/customers/pages/CustomerEditPage.tsx')),
  customerView: lazy(() => import('../features/customers/pages/CustomerViewPage.tsx')),
  config: lazy(() => import('../features/config/pages/ConfigHubPage.tsx')),
  configCompany: lazy(() => import('../features/config/pages/CompanyPage.tsx')),
  configSettings: lazy(() => import('../features/config/pages/SettingsTypePage.tsx')),
  configModules: lazy(() => import('../features/config/pages/ModulesPage.tsx')),
  configBooking: lazy(() => import('../features/config/pages/BookingSettingsPage.tsx')),
  configTranslations: lazy(() => import('../features/config/pages/TranslationsPage.tsx')),
  tax: lazy(() => import('../features/config/pages/TaxPage.tsx')),
  countries: lazy(() => import('../features/geo/pages/CountriesPage.tsx')),
  destinations: lazy(() => import('../features/geo/pages/DestinationsPage.tsx')),
  ports: lazy(() => import('../features/geo/pages/PortsPage.tsx')),
  airports: lazy(() => import('../features/geo/pages/AirportsPage.tsx')),
  airlines: lazy(() => import('../features/geo/pages/AirlinesPage.tsx')),
};

export const NotYetAvailablePage = lazy(() => import('../features/system/pages/NotYetAvailablePage.tsx'));
export const NotFoundPage = PAGES.notFound as TPage;
