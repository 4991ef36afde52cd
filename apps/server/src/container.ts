import type { FastifyBaseLogger } from 'fastify';
import type { TAppOptions } from './app.ts';
import { createMailer } from './mail/mailer.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

/** Wires repositories and services once; plain factories, no framework. */
export function createContainer(opts: TAppOptions & { log: FastifyBaseLogger }) {
  const db = opts.database.db;
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
  });
  const usersService = createUsersService({ db, settings });
  return { db, settings, auth, usersRepository, usersService, mailer };
}
