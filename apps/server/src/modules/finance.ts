import type { TConfig } from '../config.ts';
import type { TInventoryDeps } from './inventory.ts';
import type { TLogoService } from './settings/logo.service.ts';

/** What the money and paper modules (payments, banks, documents, mail) get from the container. */
export type TFinanceDeps = TInventoryDeps & { logo: TLogoService; config: TConfig };
