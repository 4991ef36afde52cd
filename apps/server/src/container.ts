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
import { createBookingQueriesRepository } from './modules/bookings/read/bookings-queries.repository.ts';
import { createCommissionsRepository } from './modules/commissions/commissions.repository.ts';
import { createCommissionsService } from './modules/commissions/commissions.service.ts';
import { createContestsService } from './modules/contests/contests.service.ts';
import { createCreditsRepository } from './modules/credits/credits.repository.ts';
import { createCreditsService } from './modules/credits/credits.service.ts';
import { createCurrenciesRepository } from './modules/currencies/currencies.repository.ts';
import { createCurrenciesService } from './modules/currencies/currencies.service.ts';
import { createCustomerDataGroupsRepository } from './modules/customer-data-groups/customer-data-groups.repository.ts';
import { createCustomerDataGroupsService } from './modules/customer-data-groups/customer-data-groups.service.ts';
import { createCustomersRepository } from './modules/customers/customers.repository.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDiveRepository } from './modules/dive/dive.repository.ts';
import { createDiveLogService } from './modules/dive/dive-log.service.ts';
import { createDivePlanService } from './modules/dive/dive-plan.service.ts';
import { createBookingUploads } from './modules/documents/booking-uploads.ts';
import { createDocumentsRepository } from './modules/documents/documents.repository.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createGeoRepository } from './modules/geo/geo.repository.ts';
import { createGeoService } from './modules/geo/geo.service.ts';
import { createGuestFormsService } from './modules/guestforms/guestforms.service.ts';
import { configureStateMails } from './modules/mail/booking-state-mail.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createMailScheduleService } from './modules/mail/mail-schedule.service.ts';
import { createMailWorker } from './modules/mail/mail-worker.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createOnlineService } from './modules/online/online.service.ts';
import { createOnlineConfirmFlow } from './modules/online/online-confirm.flow.ts';
import { createOnlinePaymentsService } from './modules/online/online-payments.service.ts';
import { createOnsiteFlow } from './modules/onsite/onsite.flow.ts';
import { createPaymentsRepository } from './modules/payments/payments.repository.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createXeroService } from './modules/plugins/xero.service.ts';
import { createPosService } from './modules/pos/pos.service.ts';
import { createPriceLookupsRepository } from './modules/prices/price-lookups.repository.ts';
import { createPriceLookupsService } from './modules/prices/price-lookups.service.ts';
import { createPricePartsService } from './modules/prices/price-parts.service.ts';
import { createPricesRepository } from './modules/prices/prices.repository.ts';
import { createPricesService } from './modules/prices/prices.service.ts';
import { createSimulateService } from './modules/prices/simulate.service.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createReferralsRepository } from './modules/referrals/referrals.repository.ts';
import { createReferralsService } from './modules/referrals/referrals.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createResortsRepository } from './modules/resorts/resorts.repository.ts';
import { createResortsService } from './modules/resorts/resorts.service.ts';
import { createRoomTypesRepository } from './modules/room-types/room-types.repository.ts';
import { createRoomTypesService } from './modules/room-types/room-types.service.ts';
import { createRoomsRepository } from './modules/rooms/rooms.repository.ts';
import { createRoomsService } from './modules/rooms/rooms.service.ts';
import { createBackupService } from './modules/settings/backup.service.ts';
import { createDropboxBackups } from './modules/settings/dropbox-backup.ts';
import { createLogoService } from './modules/settings/logo.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSpecialsRepository } from './modules/specials/specials.repository.ts';
import { createSpecialsService } from './modules/specials/specials.service.ts';
import { createSystemRepository } from './modules/system/system.repository.ts';
import { createSystemService } from './modules/system/system.service.ts';
import { createTermsRepository } from './modules/terms/terms.repository.ts';
import { createTermsService } from './modules/terms/terms.service.ts';
import { createTodosService } from './modules/todos/todos.service.ts';
import { createDeparturesService } from './modules/tours/departures.service.ts';
import { createToursRepository } from './modules/tours/tours.repository.ts';
import { createToursService } from './modules/tours/tours.service.ts';
import { createTranslationsRepository } from './modules/translations/translations.repository.ts';
import {
  createTranslationsService,
  readBuiltInTexts,
  WEB_SRC,
} from './modules/translations/translations.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createVesselsRepository } from './modules/vessels/vessels.repository.ts';
import { createVesselsService } from './modules/vessels/vessels.service.ts';
import { createWidgetsService } from './modules/widgets/widgets.service.ts';

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
  const translations = createTranslationsService({
    db,
    repository: createTranslationsRepository(),
    builtIn: readBuiltInTexts(WEB_SRC),
  });
  const agencies = createAgenciesService({ db, repository: createAgenciesRepository(), settings });
  const customerDataGroups = createCustomerDataGroupsService({
    db,
    repository: createCustomerDataGroupsRepository(),
  });
  const customersRepository = createCustomersRepository();
  const customers = createCustomersService({ db, settings, repository: customersRepository });
  const creditsRepository = createCreditsRepository();
  const credits = createCreditsService({ db, repository: creditsRepository });
  const referrals = createReferralsService({
    repository: createReferralsRepository(),
    credits: creditsRepository,
  });
  const reports = createReportsService({ db, repository: createReportsRepository(), settings });
  const geo = createGeoService({ db, repository: createGeoRepository() });
  const currencies = createCurrenciesService({ db, repository: createCurrenciesRepository() });
  const availability = createAvailabilityService({ db });
  const dashboard = createDashboardService({
    db,
    repository: createDashboardRepository(),
    bookingQueries: createBookingQueriesRepository(),
    availability,
  });
  const reference = createReferenceCache(opts.changes);
  const bookings = createBookingParts({ db, settings, availability, reference });
  const onlineConfirm = createOnlineConfirmFlow({ availability });
  const documentsRepository = createDocumentsRepository();
  const documents = createDocumentsService({
    db,
    config: opts.config,
    repository: documentsRepository,
    payments: createPaymentsRepository(),
  });
  const bookingUploads = createBookingUploads({ db, repository: documentsRepository });
  const mailWorker = createMailWorker({ db, config: opts.config, log: opts.log, documents });
  const mail = createMailService({ db, appUrl: opts.config.appUrl, nudge: () => mailWorker.nudge() });
  configureStateMails({ appUrl: opts.config.appUrl });
  const mailSchedules = createMailScheduleService({
    db,
    isOn: async () => (await settings.features()).mailScheduler,
    appUrl: opts.config.appUrl,
    nudge: () => mailWorker.nudge(),
  });
  const jobs = createJobs({ db, bookings, mailSchedules });
  const contests = createContestsService({ db });
  const widgets = createWidgetsService(db);
  const guestForms = createGuestFormsService({ db, settings });
  const xero = createXeroService({ db });
  const backups = createBackupService({ db, dataDir: opts.config.dataDir, version: opts.version });
  const dropbox = createDropboxBackups({ config: opts.config.dropbox, backups });
  const online = createOnlineService({ db, availability, create: bookings.create, confirm: onlineConfirm });
  const onlinePayments = createOnlinePaymentsService({
    db,
    appUrl: opts.config.appUrl,
    confirm: onlineConfirm,
  });
  const payments = createPaymentsService(db);
  const banks = createBanksService(db);
  const todos = createTodosService({ db });
  const products = createProductsService({ db, settings });
  const diveRepository = createDiveRepository();
  const divePlans = createDivePlanService({ db, repository: diveRepository, settings });
  const diveLogs = createDiveLogService({ db, repository: diveRepository });
  const onsite = createOnsiteFlow({ db });
  const pos = createPosService({ db, onsite });

  // Inventory, prices and reference data
  const media = createMediaService({ db });
  const resortsRepository = createResortsRepository();
  const resorts = createResortsService({ db, repository: resortsRepository, settings });
  const vessels = createVesselsService({ db, repository: createVesselsRepository(), settings });
  const roomTypes = createRoomTypesService({
    repository: createRoomTypesRepository(),
    resorts: resortsRepository,
  });
  const rooms = createRoomsService({ db, repository: createRoomsRepository() });
  const toursRepository = createToursRepository();
  const tours = createToursService({ db, repository: toursRepository, availability });
  const departures = createDeparturesService({ db, repository: toursRepository, availability, settings });
  const pricesRepository = createPricesRepository();
  const prices = createPricesService({ db, repository: pricesRepository });
  const priceParts = createPricePartsService({ repository: pricesRepository, prices });
  const priceLookups = createPriceLookupsService({
    db,
    prices: pricesRepository,
    lookups: createPriceLookupsRepository(),
  });
  const simulate = createSimulateService({ db, reference });
  const specials = createSpecialsService({ repository: createSpecialsRepository() });
  const terms = createTermsService({ repository: createTermsRepository() });
  const commissions = createCommissionsService({ repository: createCommissionsRepository() });
  const system = createSystemService({ db, repository: createSystemRepository() });

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
    dashboard,
    reports,
    customers,
    customersRepository,
    mailer,
    availability,
    reference,
    bookings,
    jobs,
    online,
    onlinePayments,
    documents,
    bookingUploads,
    mailWorker,
    mail,
    mailSchedules,
    referrals,
    contests,
    widgets,
    guestForms,
    backups,
    dropbox,
    xero,
    payments,
    banks,
    todos,
    products,
    divePlans,
    diveLogs,
    onsite,
    pos,
    media,
    resorts,
    vessels,
    roomTypes,
    rooms,
    tours,
    departures,
    prices,
    priceParts,
    priceLookups,
    simulate,
    specials,
    terms,
    commissions,
    system,
  };
}
