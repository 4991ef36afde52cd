import type { FastifyBaseLogger } from 'fastify';
import type { TAppOptions } from './app.ts';
import { joinHooks } from './booking-hooks.ts';
import { createReferenceCache, type TChangeFeed } from './db/change-feed.ts';
import { createJobs } from './jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { createAgenciesRepository } from './modules/agencies/agencies.repository.ts';
import { createAgenciesService } from './modules/agencies/agencies.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAvailabilityService } from './modules/availability/availability.service.ts';
import { createBanksService } from './modules/banks/banks.service.ts';
import { createBookingParts } from './modules/bookings/bookings.parts.ts';
import { createCreditsRepository } from './modules/credits/credits.repository.ts';
import { createCreditsService } from './modules/credits/credits.service.ts';
import { createCurrenciesRepository } from './modules/currencies/currencies.repository.ts';
import { createCurrenciesService } from './modules/currencies/currencies.service.ts';
import { createCustomerDataGroupsRepository } from './modules/customer-data-groups/customer-data-groups.repository.ts';
import { createCustomerDataGroupsService } from './modules/customer-data-groups/customer-data-groups.service.ts';
import { createCustomersRepository } from './modules/customers/customers.repository.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createGeoRepository } from './modules/geo/geo.repository.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createLogoService } from './modules/settings/logo.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createTodosService } from './modules/todos/todos.service.ts';
import {
  createTranslationsService,
  readBuiltInTexts,
  WEB_SRC,
} from './modules/translations/translations.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

/** Wires repositories and services once; plain factories, no framework. */
export function createContainer(opts: TAppOptions & { changes: TChangeFeed; log: FastifyBaseLogger }) {
  const db = opts.database.db;
  joinHooks();
  const settings = createSettingsService(db);
  const usersRepository = createUsersRepository();
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, log: (m) => opts.log.info(m) });
  const auth = createAuthService({
    db,
    users: usersRepository,
    auth: createAuthRepository(),
    settings,
    mailer,
    config: opts.config,
    version: opts.version,
    log: opts.log,
    changes: opts.changes,
  });
  const usersService = createUsersService({ db, settings });
  const logo = createLogoService({ db, settings });
  const translations = createTranslationsService({ db, builtIn: readBuiltInTexts(WEB_SRC) });
  const agencies = createAgenciesService({ db, repository: createAgenciesRepository(), settings });
  const customerDataGroups = createCustomerDataGroupsService({
    db,
    repository: createCustomerDataGroupsRepository(),
  });
  const customersRepository = createCustomersRepository();
  const customers = createCustomersService({ db, settings, repository: customersRepository });
  const credits = createCreditsService({ db, repository: createCreditsRepository() });
  const geo = createGeoService({ db, repository: createGeoRepository() });
  const currencies = createCurrenciesService({ db, repository: createCurrenciesRepository() });
  const availability = createAvailabilityService({ db });
  const reference = createReferenceCache(opts.changes);
  const bookings = createBookingParts({ db, settings, availability, reference });
  const jobs = createJobs({ db, bookings });
  const payments = createPaymentsService(db);
  const banks = createBanksService(db);
  const todos = createTodosService({ db });
  const products = createProductsService({ db, settings });
  return {
    db,
    geo,
    currencies,
    settings,
    auth,
    usersRepository,
    usersService,
    logo,
    translations,
    agencies,
    customerDataGroups,
    credits,
    customers,
    customersRepository,
    mailer,
    availability,
    reference,
    bookings,
    jobs,
    payments,
    banks,
    todos,
    products,
  };
}
