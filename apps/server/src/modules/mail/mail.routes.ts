import { createHash } from 'node:crypto';
import { ZSendCustomerMail, ZSendCustomerMailAnswer } from '@atoll/domain/customers';
import { listAnswer } from '@atoll/domain/list';
import {
  FOLDER_STATUSES,
  MAIL_FOLDERS,
  MAIL_STATUSES,
  MAIL_TEMPLATE_STATES,
  ZMailBody,
  ZMailboxItem,
  ZMailFolder,
  ZMailQueueItem,
  ZMailStatistics,
  ZMailTemplate,
  ZPlanMail,
  ZSendBookingMail,
  ZSendInvoiceMail,
  ZSendMailAnswer,
  ZSendScheduleMail,
} from '@atoll/domain/mail';
import { MAILBOX_READ_SCOPES } from '@atoll/domain/scopes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actor } from '../../http/access.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { ZIdParams } from '../../http/request.ts';
import { officeMail } from '../customers/customer-mails.ts';
import type { TCustomersRepository } from '../customers/customers.repository.ts';
import { CUSTOMER_ACCESS, visibleCustomers } from '../customers/customers.service.ts';
import { createMailRepository, toQueueItem } from './mail.repository.ts';
import type { TMailService } from './mail.service.ts';
import {
  MAIL_ACCOUNT_ACCESS,
  MAIL_QUEUE_ACCESS,
  MAIL_TEMPLATE_ACCESS,
  registerMailResources,
  toMailboxItem,
  toMailTemplate,
} from './mail-resources.routes.ts';
import type { TMailWorker } from './mail-worker.ts';

const repo = createMailRepository();

// Spec booking §7 "Mail" and the sending calls (booking POSTs sendMail, sendGuestFormMail,
// {bookingId}/sendInvoice; platform §7 schedules/{schedule}/sendMail). Sending queues; the worker sends
// (built by the container; main.ts starts it: `app.mailWorker.start()`; stopped when the app closes). Office senders need mail.create
// or bookings.update; agents (agencies.self) may send for their agency's bookings only.

const tags = ['mail'];
const SEND_ACCESS = { scopes: ['mail.create', 'bookings.update', 'agencies.self'] };
const MAILBOX_READ = { access: { scopes: [...MAILBOX_READ_SCOPES] } };
const MAILBOX_DELETE = { access: { scopes: ['mail.delete', 'mailqueue.delete'] } };
const ZFolderParams = z.object({ folder: z.enum(MAIL_FOLDERS) });
const ZMailParams = ZFolderParams.extend({ mail: ZIdParams.shape.id });
const ZPage = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(25),
});

export function registerMailRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: TConfig;
    mail: TMailService;
    mailWorker: TMailWorker;
    customersRepository: TCustomersRepository;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, mail: service, mailWorker: worker, customersRepository } = deps;
  // The sending calls per caller (its token; the address when none) and minute: 429 with Retry-After.
  const SEND = {
    access: SEND_ACCESS,
    rateLimit: {
      max: deps.config.mailRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        `mail:${createHash('sha256')
          .update(request.headers.authorization ?? request.ip)
          .digest('hex')}`,
    },
  };

  r.post(
    '/api/customers/sendMail',
    {
      config: { access: { scopes: CUSTOMER_ACCESS.update } },
      schema: {
        tags: ['customers'],
        summary: 'Queues one mail per chosen customer with an address ({name} filled in)',
        body: ZSendCustomerMail,
        response: { 200: ZSendCustomerMailAnswer },
      },
    },
    async (request) => {
      const user = actor(request);
      const { ids, subject, text } = request.body;
      const rows = await customersRepository.findMany(db, [...new Set(ids)], visibleCustomers(user));
      const answer = { sent: 0, skipped: ids.length - rows.length, failed: 0 };
      await db.transaction(async (tx) => {
        for (const row of rows) {
          if (!row.email) {
            answer.skipped++;
            continue;
          }
          const mail = officeMail(row, row.email, subject, text);
          await repo.enqueue(tx, { ...mail, customerId: row.id, status: 'queued', userId: user.id });
          answer.sent++;
        }
      });
      if (answer.sent > 0) worker.nudge();
      return answer;
    },
  );

  r.get(
    '/api/mail/template/byState/:state',
    {
      config: { access: { scopes: MAIL_TEMPLATE_ACCESS.read } },
      schema: {
        tags,
        summary: 'The active templates of a booking state or event, the given language first',
        params: z.object({ state: z.enum(MAIL_TEMPLATE_STATES) }),
        querystring: z.object({ language: z.enum(['de', 'en']).optional() }),
        response: { 200: z.array(ZMailTemplate) },
      },
    },
    async (request) =>
      (await repo.templatesByState(db, request.params.state, request.query.language)).map(toMailTemplate),
  );

  r.get(
    '/api/mailaccount/:id/oauth/connect',
    {
      config: { access: { scopes: MAIL_ACCOUNT_ACCESS.update } },
      schema: {
        tags,
        summary: 'Not offered: accounts send through SMTP with user name and password (400)',
        params: ZIdParams,
      },
    },
    async () => {
      throw badRequest(
        'OAuth is not offered: mail accounts send through SMTP with user name and password',
        'id',
      );
    },
  );

  r.post(
    '/api/mailqueue/:id/plan',
    {
      config: { access: { scopes: MAIL_QUEUE_ACCESS.update } },
      schema: {
        tags,
        summary: 'Sets when a mail is sent: `at`, or now (also to send a sent or failed mail again)',
        description: 'Attempts start again from zero. A mail being sent right now answers 409.',
        params: ZIdParams,
        body: ZPlanMail.nullish(),
        response: { 200: ZMailQueueItem },
      },
    },
    async (request) => {
      const at = request.body?.at ? new Date(request.body.at) : new Date();
      const row = await db.transaction(async (tx) => {
        const existing = await repo.lockById(tx, request.params.id);
        if (!existing) throw notFound('Mail');
        if (existing.status === 'sending')
          throw new AppError(409, 'INVALID_STATE', 'The mail is being sent right now; try again in a moment');
        const planned = await repo.plan(tx, existing.id, at);
        return planned as typeof existing;
      });
      worker.nudge();
      return toQueueItem(row);
    },
  );

  r.get(
    '/api/mailqueue/statistics',
    {
      config: { access: { scopes: MAIL_QUEUE_ACCESS.read } },
      schema: {
        tags,
        summary: 'Mails per status, and per day (UTC, by last change) over the last `days`',
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: { 200: ZMailStatistics },
      },
    },
    async (request) => {
      const since = new Date(Date.now() - request.query.days * 86_400_000);
      const { byStatus, byDay } = await repo.statistics(db, since);
      const counts = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<string, number>;
      for (const row of byStatus) counts[row.status] = row.n;
      const days = new Map<string, { day: string; queued: number; sent: number; failed: number }>();
      for (const row of byDay) {
        const entry = days.get(row.day) ?? { day: row.day, queued: 0, sent: 0, failed: 0 };
        if (row.status === 'sent') entry.sent += row.n;
        else if (row.status === 'failed' || row.status === 'cancelled') entry.failed += row.n;
        else entry.queued += row.n;
        days.set(row.day, entry);
      }
      return { byStatus: counts, byDay: [...days.values()] };
    },
  );

  registerMailboxRoutes();
  registerSendRoutes();
  registerMailResources(app, db, () => worker.nudge());

  function registerMailboxRoutes() {
    r.get(
      '/api/mail/folders',
      {
        config: MAILBOX_READ,
        schema: {
          tags,
          summary: 'The mailbox folders over the queue: outbox, sent, failed',
          response: { 200: z.array(ZMailFolder) },
        },
      },
      async () => {
        const counts = await repo.folderCounts(db);
        return MAIL_FOLDERS.map((name) => ({
          name,
          total: counts
            .filter((c) => FOLDER_STATUSES[name].includes(c.status as never))
            .reduce((a, c) => a + c.n, 0),
        }));
      },
    );

    r.get(
      '/api/mail/:folder',
      {
        config: MAILBOX_READ,
        schema: {
          tags,
          summary: 'One folder with its count',
          params: ZFolderParams,
          response: { 200: ZMailFolder },
        },
      },
      async (request) => {
        const { total } = await repo.page(db, [...FOLDER_STATUSES[request.params.folder]], 0, 0);
        return { name: request.params.folder, total };
      },
    );

    r.get(
      '/api/mail/:folder/mail',
      {
        config: MAILBOX_READ,
        schema: {
          tags,
          summary: 'The mails of a folder, newest first',
          params: ZFolderParams,
          querystring: ZPage,
          response: { 200: listAnswer(ZMailboxItem) },
        },
      },
      async (request) => {
        const { page, size } = request.query;
        const statuses = [...FOLDER_STATUSES[request.params.folder]];
        const { rows, total } = await repo.page(db, statuses, size, (page - 1) * size);
        return { data: rows.map(toMailboxItem), total, page, size };
      },
    );

    r.route({
      method: 'HEAD',
      url: '/api/mail/:folder/mail',
      config: MAILBOX_READ,
      schema: { tags, summary: 'The count of a folder in `x-total-count`', params: ZFolderParams },
      handler: async (request, reply) => {
        const { total } = await repo.page(db, [...FOLDER_STATUSES[request.params.folder]], 0, 0);
        return reply.header('x-total-count', String(total)).status(200).send();
      },
    });

    r.get(
      '/api/mail/:folder/mail/:mail/body',
      {
        config: MAILBOX_READ,
        schema: {
          tags,
          summary: 'Subject, text and HTML of one mail',
          params: ZMailParams,
          response: { 200: ZMailBody },
        },
      },
      async (request) => {
        const row = await inFolder(request.params.folder, request.params.mail);
        return { id: row.id, subject: row.subject, text: row.text, html: row.html };
      },
    );

    r.delete(
      '/api/mail/:folder/mail/:mail',
      {
        config: MAILBOX_DELETE,
        schema: {
          tags,
          summary: 'Removes a mail from the mailbox (and the queue); not while it is being sent',
          params: ZMailParams,
          response: { 200: z.object({ id: z.number().int() }) },
        },
      },
      async (request) => {
        const { folder, mail } = request.params;
        const deleted = await repo.deleteInStatus(
          db,
          mail,
          FOLDER_STATUSES[folder].filter((s) => s !== 'sending'),
        );
        if (deleted) return deleted;
        const row = await inFolder(folder, mail);
        throw new AppError(409, 'INVALID_STATE', `Mail ${row.id} is being sent right now`);
      },
    );
  }

  async function inFolder(folder: (typeof MAIL_FOLDERS)[number], id: number) {
    const row = await repo.byId(db, id);
    if (!row || !FOLDER_STATUSES[folder].includes(row.status as never)) throw notFound('Mail');
    return row;
  }

  function registerSendRoutes() {
    r.post(
      '/api/bookings/sendMail',
      {
        config: SEND,
        schema: {
          tags,
          summary: 'Queues a mail to the guests of bookings: a template (templateId, or state) or a text',
          description:
            'Without templateId or state the template of the booking’s state in its language is used. `to`, ' +
            '`subject`, `body` override the template. One event queues one mail (dedup key ' +
            '`booking:{id}:{state}:v{version}`); a repeated call answers it as duplicate unless `force`.',
          body: ZSendBookingMail,
          response: { 200: ZSendMailAnswer },
        },
      },
      async (request) => service.sendBookingMails(actor(request), request.body),
    );

    r.post(
      '/api/bookings/sendGuestFormMail',
      {
        config: SEND,
        schema: {
          tags,
          summary: 'Queues the guest-form request (template `guestform`) to the guests of bookings',
          description:
            'The mail carries {{guestFormLink}} to the guest-form page (/customer/guestform); the online forms ' +
            'themselves come with a later issue.',
          body: ZSendBookingMail,
          response: { 200: ZSendMailAnswer },
        },
      },
      async (request) => {
        const { templateId: _t, state: _s, ...dto } = request.body;
        return service.sendGuestFormMails(actor(request), dto);
      },
    );

    r.post(
      '/api/bookings/:bookingId/sendInvoice',
      {
        config: SEND,
        schema: {
          tags,
          summary: 'Queues the booking’s latest invoice as PDF with the `invoice` template',
          description: 'No invoice issued yet: 409 INVALID_STATE.',
          params: z.object({ bookingId: ZIdParams.shape.id }),
          body: ZSendInvoiceMail.nullish(),
          response: { 200: ZSendMailAnswer },
        },
      },
      async (request) =>
        service.sendInvoice(actor(request), request.params.bookingId, request.body ?? { force: false }),
    );

    r.post(
      '/api/schedules/:schedule/sendMail',
      {
        config: { access: { scopes: ['mail.create', 'schedules.update'] } },
        schema: {
          tags,
          summary:
            'Queues a mail to every guest with an e-mail on the departure’s planned and confirmed bookings',
          params: z.object({ schedule: ZIdParams.shape.id }),
          body: ZSendScheduleMail,
          response: { 200: ZSendMailAnswer },
        },
      },
      async (request) => service.sendScheduleMail(actor(request), request.params.schedule, request.body),
    );
  }
}
