import type { TMailAccount, TMailSecurity, TMailTemplate } from '@atoll/domain/mail';
import {
  folderOf,
  type TMailAttachmentKind,
  type TMailboxItem,
  type TMailStatus,
  type TMailTemplateState,
  ZCreateMailAccount,
  ZCreateMailQueueItem,
  ZCreateMailTemplate,
  ZMailAccount,
  ZMailboxItem,
  ZMailQueueItem,
  ZMailTemplate,
  ZUpdateMailQueueItem,
} from '@atoll/domain/mail';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailAccounts, mailQueue, mailTemplates } from '../../db/schema.ts';
import { AppError, conflict } from '../../http/errors.ts';
import type { TListFields } from '../../http/filter.ts';
import { defined, registerResource, type TWriteContext } from '../../http/resource.ts';
import {
  createMailRepository,
  type TMailAccountRow,
  type TMailQueueRow,
  type TMailTemplateRow,
  toQueueItem,
} from './mail.repository.ts';
import { createMailScheduleRepository } from './mail-schedule.repository.ts';

const mailRepository = createMailRepository();
const scheduleRepository = createMailScheduleRepository();

// The base paths /api/mailaccount, /api/mail/template, /api/mailqueue and /api/mail (spec booking §7,
// ADR 0003). Accounts: mail.update (the /config/mail screen); the password is write-only. Templates:
// mailtemplates.*, readable by everyone who may send. Queue: mailqueue.*. /api/mail is the mailbox view
// of the same queue rows (mail.*): a mail is a queue row, its folder follows its status.

export const MAIL_ACCOUNT_ACCESS = {
  read: ['mail.read', 'mail.update'],
  create: ['mail.update'],
  update: ['mail.update'],
  delete: ['mail.update'],
};
export const MAIL_TEMPLATE_ACCESS = {
  read: ['mailtemplates.read', 'mailtemplates.update', 'mail.create', 'bookings.update', 'agencies.self'],
  create: ['mailtemplates.create', 'mailtemplates.update'],
  update: ['mailtemplates.update'],
  delete: ['mailtemplates.delete', 'mailtemplates.update'],
};
export const MAIL_QUEUE_ACCESS = {
  read: ['mailqueue.read'],
  create: ['mailqueue.create', 'mail.create'],
  update: ['mailqueue.update'],
  delete: ['mailqueue.delete'],
};
const MAILBOX_ACCESS = {
  read: ['mail.read', 'mailqueue.read'],
  create: ['mail.create', 'mailqueue.create'],
  update: ['mail.update', 'mailqueue.update'],
  delete: ['mail.delete', 'mailqueue.delete'],
};

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function toMailAccount(row: TMailAccountRow): TMailAccount {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    security: row.security as TMailSecurity,
    username: row.username,
    hasPassword: !!row.password,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    replyTo: row.replyTo,
    isDefault: row.isDefault,
    isActive: row.isActive,
    ...stamps(row),
  };
}

export function toMailTemplate(row: TMailTemplateRow): TMailTemplate {
  return {
    id: row.id,
    name: row.name,
    state: row.state as TMailTemplateState,
    language: row.language,
    subject: row.subject,
    body: row.body,
    attachments: row.attachments as TMailAttachmentKind[],
    accountId: row.accountId,
    isActive: row.isActive,
    ...stamps(row),
  };
}

export function toMailboxItem(row: TMailQueueRow): TMailboxItem {
  return {
    id: row.id,
    folder: folderOf(row.status),
    status: row.status as TMailStatus,
    to: row.to,
    subject: row.subject,
    bookingId: row.bookingId,
    attachments: (row.attachments as unknown[]).length,
    date: (row.sentAt ?? row.nextAttemptAt).toISOString(),
    lastError: row.lastError,
  };
}

/**
 * One default account: setting it clears the others in the same transaction. The password: null keeps the
 * stored one, '' removes it.
 */
async function accountValues(ctx: TWriteContext, input: unknown, existing?: TMailAccountRow) {
  const values = defined(input as object);
  if (values.password === null) delete values.password;
  else if (values.password === '') values.password = null;
  if (values.isDefault === true) {
    await mailRepository.clearDefaultAccount(ctx.tx, existing?.id);
  }
  return values;
}

const whileSending = () =>
  new AppError(409, 'INVALID_STATE', 'The mail is being sent right now; try again in a moment');
const alreadySent = () =>
  new AppError(409, 'INVALID_STATE', 'A sent mail stays as it was; plan it to send it again');

/** Edits of a queued mail: not while it is sent, not after (then `plan` sends it again). */
function queueValues(ctx: TWriteContext, input: unknown, existing?: TMailQueueRow) {
  if (!existing) {
    const body = input as z.infer<typeof ZCreateMailQueueItem>;
    const { nextAttemptAt, ...rest } = body;
    return Promise.resolve({
      ...rest,
      html: null,
      status: 'queued',
      userId: ctx.user.id,
      ...(nextAttemptAt ? { nextAttemptAt: new Date(nextAttemptAt) } : {}),
    });
  }
  if (existing.status === 'sending') throw whileSending();
  if (existing.status === 'sent') throw alreadySent();
  const values = defined(input as object);
  // A text edited by hand replaces the HTML part rendered from the template.
  if (values.text !== undefined) values.html = null;
  if (values.status === 'queued') Object.assign(values, { attempts: 0, lastError: null });
  return Promise.resolve(values);
}

const queueCopy = async (ctx: TWriteContext, row: TMailQueueRow) => {
  const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row;
  return {
    ...rest,
    dedupKey: null,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: new Date(),
    lockedUntil: null,
    lastError: null,
    messageId: null,
    sentAt: null,
    userId: ctx.user.id,
  };
};

const queueDelete = async (_ctx: TWriteContext, row: TMailQueueRow) => {
  if (row.status === 'sending') throw whileSending();
};

const queueFields: TListFields = {
  id: { column: mailQueue.id, type: 'number', sort: true, filter: true },
  status: { column: mailQueue.status, type: 'string', sort: true, filter: true },
  to: { column: mailQueue.to, type: 'string', sort: true, filter: true, search: true },
  subject: { column: mailQueue.subject, type: 'string', sort: true, filter: true, search: true },
  bookingId: { column: mailQueue.bookingId, type: 'number', sort: true, filter: true },
  customerId: { column: mailQueue.customerId, type: 'number', sort: true, filter: true },
  templateId: { column: mailQueue.templateId, type: 'number', sort: true, filter: true },
  attempts: { column: mailQueue.attempts, type: 'number', sort: true, filter: true },
  nextAttemptAt: { column: mailQueue.nextAttemptAt, type: 'date', sort: true, filter: true },
  sentAt: { column: mailQueue.sentAt, type: 'date', sort: true, filter: true },
  createdAt: { column: mailQueue.createdAt, type: 'date', sort: true, filter: true },
  updatedAt: { column: mailQueue.updatedAt, type: 'date', sort: true, filter: true },
};

export function registerMailResources(app: FastifyInstance, db: Db, nudge: () => void) {
  registerResource(app, db, {
    name: 'mailaccount',
    base: '/api/mailaccount',
    table: mailAccounts,
    id: mailAccounts.id,
    fields: {
      id: { column: mailAccounts.id, type: 'number', sort: true, filter: true },
      name: { column: mailAccounts.name, type: 'string', sort: true, filter: true, search: true },
      host: { column: mailAccounts.host, type: 'string', sort: true, filter: true, search: true },
      fromAddress: {
        column: mailAccounts.fromAddress,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      isDefault: { column: mailAccounts.isDefault, type: 'boolean', sort: true, filter: true },
      isActive: { column: mailAccounts.isActive, type: 'boolean', sort: true, filter: true },
    },
    output: ZMailAccount,
    toOutput: toMailAccount as (row: never) => TMailAccount,
    create: ZCreateMailAccount,
    update: ZCreateMailAccount.partial(),
    access: MAIL_ACCOUNT_ACCESS,
    toValues: (ctx, input, existing?: TMailAccountRow) => accountValues(ctx, input, existing),
    copyValues: async (_ctx, row: TMailAccountRow) => {
      const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)`, isDefault: false };
    },
  });

  registerResource(app, db, {
    name: 'mailtemplate',
    base: '/api/mail/template',
    table: mailTemplates,
    id: mailTemplates.id,
    fields: {
      id: { column: mailTemplates.id, type: 'number', sort: true, filter: true },
      name: { column: mailTemplates.name, type: 'string', sort: true, filter: true, search: true },
      state: { column: mailTemplates.state, type: 'string', sort: true, filter: true },
      language: { column: mailTemplates.language, type: 'string', sort: true, filter: true },
      subject: { column: mailTemplates.subject, type: 'string', sort: true, filter: true, search: true },
      isActive: { column: mailTemplates.isActive, type: 'boolean', sort: true, filter: true },
      updatedAt: { column: mailTemplates.updatedAt, type: 'date', sort: true, filter: true },
    },
    output: ZMailTemplate,
    toOutput: toMailTemplate as (row: never) => TMailTemplate,
    create: ZCreateMailTemplate,
    update: ZCreateMailTemplate.partial(),
    access: MAIL_TEMPLATE_ACCESS,
    // Unknown account: refused by the foreign key (400).
    toValues: async (_ctx, input) => defined(input as object),
    copyValues: async (_ctx, row: TMailTemplateRow) => {
      const { id: _i, createdAt: _c, updatedAt: _u, ...rest } = row;
      return { ...rest, name: `${row.name} (copy)` };
    },
    beforeDelete: async (ctx, row: TMailTemplateRow) => {
      if (await scheduleRepository.isTemplateUsed(ctx.tx, row.id))
        throw conflict('A mail schedule sends this template: change the schedule first');
    },
  });

  const queueResource = {
    table: mailQueue,
    id: mailQueue.id,
    fields: queueFields,
    create: ZCreateMailQueueItem,
    update: ZUpdateMailQueueItem,
    toValues: queueValues as (
      ctx: TWriteContext,
      input: unknown,
      existing?: never,
    ) => Promise<Record<string, unknown>>,
    copyValues: queueCopy as (ctx: TWriteContext, row: never) => Promise<Record<string, unknown>>,
    beforeDelete: queueDelete as (ctx: TWriteContext, row: never) => Promise<void>,
  };
  // A mail written or copied into the queue goes out now, not at the next interval (after the commit).
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url ?? '';
    if (request.method === 'POST' && reply.statusCode < 300 && /^\/api\/mail(queue)?(\/|$)/.test(url))
      nudge();
  });
  registerResource(app, db, {
    ...queueResource,
    name: 'mailqueue',
    base: '/api/mailqueue',
    output: ZMailQueueItem,
    toOutput: toQueueItem as (row: never) => z.infer<typeof ZMailQueueItem>,
    access: MAIL_QUEUE_ACCESS,
  });

  // /api/mail/{id} and /api/mail/{folder} share one shape: the mailbox's ids are digits only, so its
  // routes get a digits-only parameter and the folder names reach the folder routes.
  app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/mail/:id')) {
        route.url = route.url.replace('/api/mail/:id', '/api/mail/:id(^\\d+$)');
        route.path = route.url;
      }
    });
    registerResource(scope, db, {
      ...queueResource,
      name: 'mail',
      base: '/api/mail',
      fields: queueFields,
      output: ZMailboxItem,
      toOutput: toMailboxItem as (row: never) => TMailboxItem,
      access: MAILBOX_ACCESS,
    });
  });
}
