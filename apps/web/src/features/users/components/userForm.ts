import { DEFAULT_DASHBOARD_DAYS, type TLanguage } from '@atoll/domain/constants';
import type { TCreateUser, TUser, TUserType } from '@atoll/domain/users';

/** What the user form edits; numbers stay '' while a field is empty. */
export type TUserForm = {
  email: string;
  name: string;
  phone: string;
  userType: TUserType;
  agencyId: number | '';
  customerId: number | '';
  roleIds: string[];
  scopes: string[];
  language: TLanguage | '';
  defaultDashboardDays: number | '';
  showCustomersInBookingList: boolean;
  showInvertedCurrencyExchange: boolean;
  password: string;
};

/** Form fields by the API path their server errors name (see fieldErrorsOf). */
export const USER_FIELDS = [
  'email',
  'name',
  'phone',
  'userType',
  'agencyId',
  'customerId',
  'roleIds',
  'permissions.scope',
  'settings.language',
  'settings.defaultDashboardDays',
  'settings',
  'password',
] as const;

export function toUserForm(user?: TUser): TUserForm {
  return {
    email: user?.email ?? '',
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    userType: user?.userType ?? 'Default',
    agencyId: user?.agencyId ?? '',
    customerId: user?.customerId ?? '',
    roleIds: (user?.roleIds ?? []).map(String),
    scopes: user?.permissions.scope ?? [],
    language: user?.settings.language ?? '',
    defaultDashboardDays: user?.settings.defaultDashboardDays ?? DEFAULT_DASHBOARD_DAYS,
    showCustomersInBookingList: user?.settings.showCustomersInBookingList ?? true,
    showInvertedCurrencyExchange: user?.settings.showInvertedCurrencyExchange ?? false,
    password: '',
  };
}

const idOrNull = (value: number | '') => (value === '' ? null : value);

/** The body of `POST /api/users` (create) or `POST /api/users/{id}` (update: no password here). */
export function toUserBody(form: TUserForm, isCreate: boolean): TCreateUser {
  return {
    email: form.email.trim(),
    name: form.name.trim(),
    phone: form.phone.trim() || null,
    userType: form.userType,
    agencyId: idOrNull(form.agencyId),
    customerId: idOrNull(form.customerId),
    roleIds: form.roleIds.map(Number),
    permissions: { scope: form.scopes },
    settings: {
      ...(form.language ? { language: form.language } : {}),
      showCustomersInBookingList: form.showCustomersInBookingList,
      showInvertedCurrencyExchange: form.showInvertedCurrencyExchange,
      ...(form.defaultDashboardDays === '' ? {} : { defaultDashboardDays: form.defaultDashboardDays }),
    },
    ...(isCreate && form.password ? { password: form.password } : {}),
  };
}
