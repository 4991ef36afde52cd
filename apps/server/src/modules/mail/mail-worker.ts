import { backoffMs, MAIL_RETRY, messageIdFor, type TMailAttachment } from '@atoll/domain/mail';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { TDocumentsService } from '../documents/documents.service.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createMailRepository, type TMailQueueRow } from './mail.repository.ts';
import { accountTransport, fromOf, installationTransport, type TMailTransport } from './mail-transport.ts';

// The queue's worker: claims due rows (several instances never take one row together), renders the
// attachments, sends, and marks the row sent, or queued again after a backoff, or failed after the last
// attempt. At least once: a crash between the SMTP answer and `markSent` sends again when the claim runs
// out, with the same Message-ID (derived from the dedup key).

export type TMailRetry = { baseMs: number; maxMs: number; maxAttempts: number };
export type TMailWorker = {
  /** One pass: claims and sends what is due; answers how many were sent and how many failed. */
  runOnce(now?: Date): Promise<{ sent: number; failed: number }>;
  /** Runs every `intervalMs` (and on `nudge`) until `stop`. */
  start(intervalMs?: number): void;
  /** A mail was queued: run soon instead of waiting for the interval (only when started). */
  nudge(): void;
  stop(): Promise<void>;
};

const LOCK_MS = 2 * 60_000;
const BATCH = 10;
const DEFAULT_INTERVAL_MS = 5_000;

export function createMailWorker(deps: {
  db: Db;
  config: TConfig;
  log: FastifyBaseLogger;
  /** Renders the attachments when a mail is sent. */
  documents: Pick<TDocumentsService, 'renderBookingDocument' | 'renderInvoice'>;
  retry?: TMailRetry;
}): TMailWorker {
  const repo = createMailRepository();
  const { db, config, log } = deps;
  const retry = deps.retry ?? MAIL_RETRY;
  const domain = (config.mailFrom.match(/@([^>\s]+)/)?.[1] ?? 'atoll.local').toLowerCase();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;

  async function attachmentsOf(row: TMailQueueRow) {
    const list = row.attachments as TMailAttachment[];
    const files = [];
    for (const a of list) {
      const doc =
        a.invoiceId !== undefined
          ? await deps.documents.renderInvoice(a.invoiceId)
          : await deps.documents.renderBookingDocument({
              bookingId: a.bookingId ?? row.bookingId ?? 0,
              kind: a.kind,
              ...(a.templateId !== undefined ? { templateId: a.templateId } : {}),
            });
      files.push({ filename: a.name ?? doc.fileName, content: doc.pdf, contentType: 'application/pdf' });
    }
    return files;
  }

  /** Answers go to the company (settings: company e-mail), not to a no-reply sender. */
  async function companyAddress(): Promise<string | undefined> {
    const rows = await createSettingsRepository().group(db, 'company');
    const email = rows.find((r) => r.key === 'email')?.value;
    return typeof email === 'string' && email.includes('@') ? email : undefined;
  }

  /** The mail's account, else the default account, else the installation's SMTP_URL. */
  async function transportOf(row: TMailQueueRow) {
    const account =
      (row.accountId !== null ? await repo.account(db, row.accountId) : undefined) ??
      (await repo.account(db, null));
    if (account) {
      return {
        transport: accountTransport(account),
        from: fromOf(account),
        replyTo: account.replyTo ?? (await companyAddress()),
      };
    }
    const transport: TMailTransport = installationTransport(config, (m) => log.info(m));
    return { transport, from: config.mailFrom, replyTo: await companyAddress() };
  }

  async function sendOne(row: TMailQueueRow, now: Date): Promise<boolean> {
    const messageId = messageIdFor(row.dedupKey, row.id, domain);
    try {
      const { transport, from, replyTo } = await transportOf(row);
      try {
        await transport.send({
          from,
          replyTo,
          to: row.to,
          cc: row.cc ?? undefined,
          bcc: row.bcc ?? undefined,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          messageId,
          attachments: await attachmentsOf(row),
        });
      } finally {
        transport.close();
      }
      await repo.markSent(db, row.id, messageId, new Date());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        row.attempts < retry.maxAttempts ? new Date(now.getTime() + backoffMs(row.attempts, retry)) : null;
      log.warn({ mailId: row.id, attempt: row.attempts, err: message }, 'mail not sent');
      await repo.markFailed(db, row.id, message, retryAt, new Date());
      return false;
    }
  }

  async function pass(now: Date) {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const rows = await repo.claim(db, now, LOCK_MS, BATCH);
      for (const row of rows) {
        if (await sendOne(row, now)) result.sent++;
        else result.failed++;
      }
      if (rows.length < BATCH) return result;
    }
  }

  const tick = () =>
    timer &&
    void worker.runOnce().catch((error: unknown) => log.error({ err: error }, 'mail queue pass failed'));

  const worker: TMailWorker = {
    async runOnce(now = new Date()) {
      // One pass at a time per instance; a caller arriving during a pass runs its own one afterwards.
      while (running) await running.catch(() => undefined);
      running = pass(now);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    start(intervalMs = DEFAULT_INTERVAL_MS) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setImmediate(tick);
    },
    nudge() {
      if (timer) setImmediate(tick);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
  return worker;
}
