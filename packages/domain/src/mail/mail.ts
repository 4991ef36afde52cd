import { z } from 'zod';

// Mail (spec booking §7 "Mail"): SMTP accounts, templates per booking state or event and
// language, the durable queue and its mailbox view. Pure: placeholder filling, backoff and Message-IDs.

export const MAIL_SECURITY = ['none', 'starttls', 'tls'] as const;
export type TMailSecurity = (typeof MAIL_SECURITY)[number];

/** What a template is for: a booking state or an event. */
export const MAIL_TEMPLATE_STATES = [
  'planned',
  'confirmed',
  'aborted',
  'invoice',
  'guestform',
  'payment',
  'custom',
] as const;
export type TMailTemplateState = (typeof MAIL_TEMPLATE_STATES)[number];

/** Kinds of documents a template may attach (rendered when the mail is sent). */
export const MAIL_ATTACHMENT_KINDS = ['offer', 'reservation', 'confirmation', 'invoice', 'voucher'] as const;
export type TMailAttachmentKind = (typeof MAIL_ATTACHMENT_KINDS)[number];

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

/** The mailbox view over the queue: no IMAP, three folders. */
export const MAIL_FOLDERS = ['outbox', 'sent', 'failed'] as const;
export type TMailFolder = (typeof MAIL_FOLDERS)[number];
export const FOLDER_STATUSES: Record<TMailFolder, TMailStatus[]> = {
  outbox: ['queued', 'sending'],
  sent: ['sent'],
  failed: ['failed', 'cancelled'],
};
export const folderOf = (status: string): TMailFolder =>
  status === 'sent' ? 'sent' : status === 'failed' || status === 'cancelled' ? 'failed' : 'outbox';

/** The {{placeholders}} a template may use; the booking mails fill all of them. */
export const MAIL_PLACEHOLDERS = [
  'bookingNo',
  'guestName',
  'from',
  'to',
  'nights',
  'asset',
  'pax',
  'total',
  'paid',
  'openAmount',
  'currency',
  'nextDueDate',
  'company',
  'bookingLink',
  'invoiceLink',
  'guestFormLink',
] as const;
export type TMailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type TMailValues = Partial<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** Fills {{name}} with its value; unknown names stay visible as they were written. */
export function fillText(template: string, values: TMailValues): string {
  return template.replace(PLACEHOLDER, (match, name: string) => values[name] ?? match);
}

/** A subject line: filled, with line breaks of values flattened (no header injection). */
export function fillSubject(template: string, values: TMailValues): string {
  return fillText(template, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/**
 * The HTML part: the template text and every value escaped (a guest named `<script>` stays text),
 * paragraphs and line breaks kept, links made clickable.
 */
export function fillHtml(template: string, values: TMailValues): string {
  const escaped = escapeHtml(fillText(template, values));
  const linked = escaped.replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
  const paragraphs = linked
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif;font-size:14px">${paragraphs}</body></html>`;
}

/** Placeholder names a text uses that the booking mails do not know (shown as a warning in the editor). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(MAIL_PLACEHOLDERS);
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string))].filter(
    (name) => !known.has(name),
  );
}

/** Retries: exponential backoff from `baseMs`, capped at `maxMs`; `attempt` counts from 1. */
export const MAIL_RETRY = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 8 } as const;
export function backoffMs(attempt: number, opts: { baseMs: number; maxMs: number } = MAIL_RETRY): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(opts.baseMs * 2 ** exponent, opts.maxMs);
}

/** The dedup key of a booking's mail for one state or event at one version: one event, one mail. */
export const bookingMailKey = (bookingId: number, event: string, version: number) =>
  `booking:${bookingId}:${event}:v${version}`;

/**
 * The SMTP Message-ID of a queued mail, derived from its dedup key (else its row id): a mail sent again
 * after a crash carries the same id, so receiving systems can drop the second copy.
 */
export function messageIdFor(dedupKey: string | null, id: number, domain: string): string {
  const local = (dedupKey ?? `mail:${id}`).replace(/[^A-Za-z0-9._-]/g, '.');
  const host = domain.replace(/[^A-Za-z0-9.-]/g, '') || 'atoll.local';
  return `<${local}@${host}>`;
}

// ─── API schemas ────────────────────────────────────────────────────────────────────────────────

const ZId = z.number().int().positive().max(2_147_483_647);
const ZStamps = { createdAt: z.string(), updatedAt: z.string() };
const text = (max: number) => z.string().trim().max(max);
const ZEmail = z.string().trim().toLowerCase().max(320).pipe(z.email());
/** One or more addresses separated by commas or semicolons. */
export const ZEmailList = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) =>
      v
        .split(/[,;]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => z.email().safeParse(s).success) && v.split(/[,;]/).some((s) => s.trim()),
    'one or more e-mail addresses, separated by commas',
  );

/** An SMTP account as answered: the password never leaves the server (`hasPassword` says if one is set). */
export const ZMailAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITY),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  ...ZStamps,
});
export type TMailAccount = z.infer<typeof ZMailAccount>;

export const ZCreateMailAccount = z.object({
  name: text(200).min(1),
  host: text(253).min(1),
  port: z.number().int().min(1).max(65_535).default(587),
  security: z.enum(MAIL_SECURITY).default('starttls'),
  username: text(320).nullable().default(null),
  /** Write-only; left out or null keeps the stored one (forms send null for an untouched field), '' removes it. */
  password: z.string().max(1000).nullable().optional(),
  fromAddress: ZEmail,
  fromName: text(200).nullable().default(null),
  replyTo: ZEmail.nullable().default(null),
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type TCreateMailAccount = z.infer<typeof ZCreateMailAccount>;

export const ZMailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(MAIL_TEMPLATE_STATES),
  language: z.string(),
  subject: z.string(),
  body: z.string(),
  attachments: z.array(z.enum(MAIL_ATTACHMENT_KINDS)),
  accountId: z.number().int().nullable(),
  isActive: z.boolean(),
  ...ZStamps,
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;

export const ZCreateMailTemplate = z.object({
  name: text(200).min(1),
  state: z.enum(MAIL_TEMPLATE_STATES),
  language: z.enum(['de', 'en']).default('de'),
  subject: text(500).min(1),
  body: z
    .string()
    .max(50_000)
    .refine((v) => v.trim() !== '', 'must not be empty'),
  attachments: z.array(z.enum(MAIL_ATTACHMENT_KINDS)).max(5).default([]),
  accountId: ZId.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type TCreateMailTemplate = z.infer<typeof ZCreateMailTemplate>;

export const ZMailAttachment = z.object({
  kind: z.enum(MAIL_ATTACHMENT_KINDS),
  bookingId: ZId.optional(),
  invoiceId: ZId.optional(),
  templateId: ZId.optional(),
  name: z.string().max(200).optional(),
});
export type TMailAttachment = z.infer<typeof ZMailAttachment>;

/** A row of the queue (`/api/mailqueue`). */
export const ZMailQueueItem = z.object({
  id: z.number().int(),
  dedupKey: z.string().nullable(),
  accountId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  to: z.string(),
  cc: z.string().nullable(),
  bcc: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(ZMailAttachment),
  bookingId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  status: z.enum(MAIL_STATUSES),
  folder: z.enum(MAIL_FOLDERS),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lockedUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  sentAt: z.string().nullable(),
  userId: z.number().int().nullable(),
  ...ZStamps,
});
export type TMailQueueItem = z.infer<typeof ZMailQueueItem>;

/** A mail written by hand into the queue (`POST /api/mailqueue`, `POST /api/mail`). */
export const ZCreateMailQueueItem = z.object({
  to: ZEmailList,
  cc: ZEmailList.nullable().default(null),
  bcc: ZEmailList.nullable().default(null),
  subject: text(500).min(1),
  text: z
    .string()
    .max(100_000)
    .refine((v) => v.trim() !== '', 'must not be empty'),
  accountId: ZId.nullable().default(null),
  bookingId: ZId.nullable().default(null),
  customerId: ZId.nullable().default(null),
  /** Not before this time; default now. */
  nextAttemptAt: z.iso.datetime({ offset: true }).optional(),
});
export type TCreateMailQueueItem = z.infer<typeof ZCreateMailQueueItem>;

/** What may change on a queued (not yet sent) mail; `status` only to cancel it or queue it again. */
export const ZUpdateMailQueueItem = z.object({
  to: ZEmailList.optional(),
  cc: ZEmailList.nullable().optional(),
  bcc: ZEmailList.nullable().optional(),
  subject: text(500).min(1).optional(),
  text: z
    .string()
    .max(100_000)
    .refine((v) => v.trim() !== '', 'must not be empty')
    .optional(),
  status: z.enum(['queued', 'cancelled']).optional(),
});
export type TUpdateMailQueueItem = z.infer<typeof ZUpdateMailQueueItem>;

/** `POST /api/mailqueue/{id}/plan`: when to send (again); no `at`: now. */
export const ZPlanMail = z.object({ at: z.iso.datetime({ offset: true }).nullable().optional() });

export const ZMailStatistics = z.object({
  byStatus: z.record(z.enum(MAIL_STATUSES), z.number().int()),
  byDay: z.array(
    z.object({ day: z.string(), queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  ),
});
export type TMailStatistics = z.infer<typeof ZMailStatistics>;

/** A mail in the mailbox view (`/api/mail`, folders). */
export const ZMailboxItem = z.object({
  id: z.number().int(),
  folder: z.enum(MAIL_FOLDERS),
  status: z.enum(MAIL_STATUSES),
  to: z.string(),
  subject: z.string(),
  bookingId: z.number().int().nullable(),
  attachments: z.number().int(),
  date: z.string(),
  lastError: z.string().nullable(),
});
export type TMailboxItem = z.infer<typeof ZMailboxItem>;

export const ZMailFolder = z.object({ name: z.enum(MAIL_FOLDERS), total: z.number().int() });
export type TMailFolderInfo = z.infer<typeof ZMailFolder>;
export const ZMailBody = z.object({
  id: z.number().int(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});

/** `POST /api/bookings/sendMail` and `sendGuestFormMail`: a template (or a state) to some bookings. */
export const ZSendBookingMail = z
  .object({
    bookingIds: z.array(ZId).min(1).max(500).optional(),
    bookingId: ZId.optional(),
    templateId: ZId.optional(),
    state: z.enum(MAIL_TEMPLATE_STATES).optional(),
    /** Instead of the booking's guest (one booking only makes sense, but applies to each). */
    to: ZEmailList.optional(),
    subject: text(500).min(1).optional(),
    body: z
      .string()
      .max(50_000)
      .refine((v) => v.trim() !== '', 'must not be empty')
      .optional(),
    attachments: z.array(z.enum(MAIL_ATTACHMENT_KINDS)).max(5).optional(),
    /** Queue again even when a mail with the same dedup key exists. */
    force: z.boolean().default(false),
  })
  .refine((v) => v.bookingId !== undefined || v.bookingIds !== undefined, {
    message: 'bookingId or bookingIds is required',
    path: ['bookingIds'],
  });
export type TSendBookingMail = z.infer<typeof ZSendBookingMail>;

/** `POST /api/bookings/{bookingId}/sendInvoice`. */
export const ZSendInvoiceMail = z.object({
  to: ZEmailList.optional(),
  templateId: ZId.optional(),
  force: z.boolean().default(false),
});

/** `POST /api/schedules/{schedule}/sendMail`: a template or a free text to every guest of the departure. */
export const ZSendScheduleMail = z
  .object({
    templateId: ZId.optional(),
    subject: text(500).min(1).optional(),
    body: z
      .string()
      .max(50_000)
      .refine((v) => v.trim() !== '', 'must not be empty')
      .optional(),
    force: z.boolean().default(false),
  })
  .refine((v) => v.templateId !== undefined || (v.subject !== undefined && v.body !== undefined), {
    message: 'templateId, or subject and body, is required',
    path: ['templateId'],
  });

export const SEND_OUTCOMES = ['queued', 'duplicate', 'noAddress'] as const;
export const ZSendMailAnswer = z.object({
  queued: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
  items: z.array(
    z.object({
      bookingId: z.number().int().nullable(),
      to: z.string().nullable(),
      mailId: z.number().int().nullable(),
      outcome: z.enum(SEND_OUTCOMES),
    }),
  ),
});
export type TSendMailAnswer = z.infer<typeof ZSendMailAnswer>;
