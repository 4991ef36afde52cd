import {
  type Icon,
  IconCategory,
  IconCurrencyEuro,
  IconEye,
  IconFileUpload,
  IconLock,
  IconPalette,
  IconReceipt,
  IconRoute,
  IconTextCaption,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, lazy } from 'react';
import { AccountingSettings } from './components/AccountingSettings.tsx';
import { AuthSettings } from './components/AuthSettings.tsx';
import { BookingCategoriesSettings } from './components/BookingCategoriesSettings.tsx';
import { BookingSourcesSettings } from './components/BookingSourcesSettings.tsx';
import { CustomersSettings } from './components/CustomersSettings.tsx';
import { GuestformSettings } from './components/GuestformSettings.tsx';
import { TextblocksSettings } from './components/TextblocksSettings.tsx';
import { ThemeSettings } from './components/ThemeSettings.tsx';
import { ViewsSettings } from './components/ViewsSettings.tsx';

type TSettingsType = { icon: Icon; page: ComponentType; ownTitle?: true };

/**
 * The screens of /config/settings/:type, titled `config.types.<type>`. `ownTitle`: a list screen
 * (ResourcePage) that brings its own heading; the others get the title and intro above their form.
 */
export const SETTINGS_TYPES: Record<string, TSettingsType> = {
  customers: { icon: IconUsers, page: CustomersSettings },
  theme: { icon: IconPalette, page: ThemeSettings },
  views: { icon: IconEye, page: ViewsSettings },
  guestform: { icon: IconFileUpload, page: GuestformSettings },
  auth: { icon: IconLock, page: AuthSettings },
  accounting: { icon: IconReceipt, page: AccountingSettings },
  // The currencies feature's own screen, loaded only when opened.
  currencies: { icon: IconCurrencyEuro, page: lazy(() => import('../currencies/pages/CurrenciesPage.tsx')) },
  textblocks: { icon: IconTextCaption, page: TextblocksSettings, ownTitle: true },
  bookingsources: { icon: IconRoute, page: BookingSourcesSettings, ownTitle: true },
  bookingcategories: { icon: IconCategory, page: BookingCategoriesSettings, ownTitle: true },
};
