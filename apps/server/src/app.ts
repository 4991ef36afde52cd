import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { isPublicEntryPath } from '@atoll/domain/navigation/public-entry';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { TConfig } from './config.ts';
import { createContainer } from './container.ts';
import { NO_CHANGE_FEED, openChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/client.ts';
import { registerAccessControl } from './http/access.ts';
import { errorBody, frameworkErrors, notFound, registerErrorHandling } from './http/errors.ts';
import { openApiOptions } from './http/openapi-document.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { TJobs } from './jobs.ts';
import type { TMailer } from './mail/mailer.ts';
import { registerAgenciesRoutes } from './modules/agencies/agencies.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerAvailabilityRoutes } from './modules/availability/availability.routes.ts';
import { registerBanksRoutes } from './modules/banks/banks.routes.ts';
import { registerBookingCommentsRoutes } from './modules/bookings/booking-comments.routes.ts';
import { registerBookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { registerCommissionsRoutes } from './modules/commissions/commissions.routes.ts';
import { registerContestRoutes } from './modules/contests/contests.routes.ts';
import { registerCreditsRoutes } from './modules/credits/credits.routes.ts';
import { registerCurrenciesRoutes } from './modules/currencies/currencies.routes.ts';
import { registerCustomerDataGroupsRoutes } from './modules/customer-data-groups/customer-data-groups.routes.ts';
import { registerCustomerGroupsRoutes } from './modules/customer-groups/customer-groups.routes.ts';
import { registerCustomersRoutes } from './modules/customers/customers.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { registerDiveRoutes } from './modules/dive/dive.routes.ts';
import { registerBookingUploadRoutes } from './modules/documents/booking-uploads.routes.ts';
import { registerDocumentsRoutes } from './modules/documents/documents.routes.ts';
import { registerFormsRoutes } from './modules/forms/forms.routes.ts';
import { registerGeoRoutes } from './modules/geo/geo.routes.ts';
import { registerGuestFormsRoutes } from './modules/guestforms/guestforms.routes.ts';
import { registerMailRoutes } from './modules/mail/mail.routes.ts';
import { registerMailScheduleRoutes } from './modules/mail/mail-schedule.routes.ts';
import type { TMailWorker } from './modules/mail/mail-worker.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerOnlineRoutes } from './modules/online/online.routes.ts';
import { registerOnlinePaymentRoutes } from './modules/online/online-payments.routes.ts';
import { registerOnsiteRoutes } from './modules/onsite/onsite.routes.ts';
import { registerPaymentsRoutes } from './modules/payments/payments.routes.ts';
import { registerXeroRoutes } from './modules/plugins/xero.routes.ts';
import { registerPosRoutes } from './modules/pos/pos.routes.ts';
import { registerPricesRoutes } from './modules/prices/prices.routes.ts';
import { registerProductsRoutes } from './modules/products/products.routes.ts';
import { registerReferralsRoutes } from './modules/referrals/referrals.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerResortsRoutes } from './modules/resorts/resorts.routes.ts';
import { registerRoomTypesRoutes } from './modules/room-types/room-types.routes.ts';
import { registerRoomsRoutes } from './modules/rooms/rooms.routes.ts';
import { registerBackupRoutes } from './modules/settings/backup.routes.ts';
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts';
import { registerSpecialsRoutes } from './modules/specials/specials.routes.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerTermsRoutes } from './modules/terms/terms.routes.ts';
import { registerTodosRoutes } from './modules/todos/todos.routes.ts';
import { registerToursRoutes } from './modules/tours/tours.routes.ts';
import { registerTranslationRoutes } from './modules/translations/translations.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerVesselsRoutes } from './modules/vessels/vessels.routes.ts';
import { registerWidgetsRoutes } from './modules/widgets/widgets.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs (main.ts starts them; tests run them with a fixed clock). */
    jobs: TJobs;
    /** The mail queue's worker (main.ts starts it; stopped when the app closes). */
    mailWorker: TMailWorker;
  }
}

export type TAppOptions = {
  database: Database;
  config: TConfig;
  version: string;
  logger?: FastifyServerOptions['logger'];
  mailer?: TMailer;
};

/** Builds the whole HTTP application; tests call it and use `inject`, main.ts listens. */
export async function buildApp(opts: TAppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // No implicit HEAD twins: a HEAD on a redeeming GET would spend a one-time token.
    exposeHeadRoutes: false,
    // Bad URL encoding and over-long parameters get our error body too.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Caches derived from the database hold while the change feed says their tables did not change (ADR 0024).
  const changes = opts.config.caches ? await openChangeFeed(opts.database) : NO_CHANGE_FEED;
  app.addHook('onClose', () => changes.close());
  const c = createContainer({ ...opts, changes, log: app.log });
  app.decorate('jobs', c.jobs);
  app.decorate('mailWorker', c.mailWorker);
  app.addHook('onClose', async () => c.mailWorker.stop());
  // The clock's time zone is the operator's from the first request on.
  await c.settings.group('booking');

  await app.register(cookie);
  const https = opts.config.appUrl.startsWith('https:');
  registerSecurityHeaders(app, { https });
  // Per-route limits only: a global bucket would be spent by static assets (stack-notes G7).
  // With REDIS_URL the counters are shared, so N instances enforce one limit together.
  const redis = opts.config.redisUrl
    ? new Redis(opts.config.redisUrl, { maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'atoll-rl-' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'FST_ERR_RATE_LIMIT',
      message: `Too many requests, retry in ${context.after}`,
    }),
  });
  await app.register(swagger, openApiOptions(opts.version));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAccessControl(app, c.auth.lookupSession, changes);
  registerAuthRoutes(app, {
    auth: c.auth,
    rateLimit: opts.config.authRateLimit,
    secureCookie: https,
  });
  registerUsersRoutes(app, {
    db: c.db,
    auth: c.auth,
    service: c.usersService,
    repository: c.usersRepository,
    rateLimit: opts.config.authRateLimit,
  });
  registerAgenciesRoutes(app, { db: c.db, agencies: c.agencies });
  registerSettingsRoutes(app, { db: c.db, settings: c.settings, logo: c.logo });
  registerTranslationRoutes(app, { db: c.db, translations: c.translations });
  registerGeoRoutes(app, { db: c.db, geo: c.geo });
  registerCurrenciesRoutes(app, { db: c.db, currencies: c.currencies });
  registerCustomerGroupsRoutes(app, { db: c.db });
  registerCustomerDataGroupsRoutes(app, { db: c.db, customerDataGroups: c.customerDataGroups });
  registerCreditsRoutes(app, { credits: c.credits });
  registerDashboardRoutes(app, { dashboard: c.dashboard });
  registerReportRoutes(app, { reports: c.reports });
  registerCustomersRoutes(app, {
    db: c.db,
    service: c.customers,
    repository: c.customersRepository,
    settings: c.settings,
    mailer: c.mailer,
  });
  registerMediaRoutes(app, { db: c.db, media: c.media });
  registerResortsRoutes(app, { db: c.db, resorts: c.resorts });
  registerVesselsRoutes(app, { db: c.db, vessels: c.vessels });
  registerRoomTypesRoutes(app, { db: c.db, roomTypes: c.roomTypes });
  registerRoomsRoutes(app, { db: c.db, rooms: c.rooms });
  registerToursRoutes(app, { db: c.db, tours: c.tours, departures: c.departures });
  registerAvailabilityRoutes(app, { availability: c.availability });
  registerPricesRoutes(app, {
    db: c.db,
    prices: c.prices,
    priceParts: c.priceParts,
    priceLookups: c.priceLookups,
    simulate: c.simulate,
  });
  registerSpecialsRoutes(app, { db: c.db, specials: c.specials });
  registerTermsRoutes(app, { db: c.db, terms: c.terms });
  registerCommissionsRoutes(app, { db: c.db, commissions: c.commissions });
  registerBookingsRoutes(app, { ...c.bookings, changes });
  registerBookingCommentsRoutes(app, { db: c.db });
  registerTodosRoutes(app, { db: c.db, settings: c.settings, todos: c.todos });
  registerProductsRoutes(app, { db: c.db, settings: c.settings, products: c.products });
  registerDiveRoutes(app, { db: c.db, settings: c.settings, plans: c.divePlans, logs: c.diveLogs });
  registerOnsiteRoutes(app, { onsite: c.onsite });
  registerPosRoutes(app, { db: c.db, settings: c.settings, pos: c.pos });
  registerOnlineRoutes(app, { online: c.online, queries: c.bookings.queries, changes });
  registerWidgetsRoutes(app, { db: c.db, settings: c.settings, widgets: c.widgets });
  registerPaymentsRoutes(app, { db: c.db, payments: c.payments });
  registerOnlinePaymentRoutes(app, { onlinePayments: c.onlinePayments });
  registerBanksRoutes(app, { db: c.db, settings: c.settings, banks: c.banks, currencies: c.currencies });
  registerDocumentsRoutes(app, { documents: c.documents, config: opts.config });
  registerBookingUploadRoutes(app, { uploads: c.bookingUploads });
  registerMailRoutes(app, {
    db: c.db,
    config: opts.config,
    mail: c.mail,
    mailWorker: c.mailWorker,
    customersRepository: c.customersRepository,
  });
  registerMailScheduleRoutes(app, { db: c.db, settings: c.settings, schedules: c.mailSchedules });
  registerReferralsRoutes(app, { db: c.db, settings: c.settings, referrals: c.referrals });
  registerContestRoutes(app, { db: c.db, settings: c.settings, contests: c.contests });
  registerGuestFormsRoutes(app, {
    db: c.db,
    settings: c.settings,
    config: opts.config,
    guestForms: c.guestForms,
  });
  registerFormsRoutes(app, { db: c.db, settings: c.settings, config: opts.config });
  registerBackupRoutes(app, { backups: c.backups, dropbox: c.dropbox });
  registerXeroRoutes(app, { db: c.db, xero: c.xero });
  registerSystemRoutes(app, {
    system: c.system,
    settings: c.settings,
    auth: c.auth,
    version: opts.version,
    dataDir: opts.config.dataDir,
  });
  await registerWeb(app, opts.config.webDist);
  return app;
}

/** The built SPA: files from apps/web/dist, public.html for the guests' pages, index.html for every other non-API path. */
async function registerWeb(app: FastifyInstance, dist: string) {
  // preCompressed: the .br / .gz copies the web build writes beside each file, when the browser accepts them.
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  app.get('/*', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const path = normalize(decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send(errorBody(request, notFound('Route')));
    }
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(dist, file))) {
      const immutable = file.startsWith('assets/');
      return reply.sendFile(file, { maxAge: immutable ? 31_536_000_000 : 0, immutable });
    }
    const page = isPublicEntryPath(path) ? 'public.html' : 'index.html';
    if (!existsSync(join(dist, page))) {
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    }
    // cacheControl false: keep no-cache (send would write 'public, max-age=0' over it).
    return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
  });
}
