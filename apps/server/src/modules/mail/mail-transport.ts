import nodemailer from 'nodemailer';
import type { TConfig } from '../../config.ts';
import type { TMailAccountRow } from './mail.repository.ts';

// How a queued mail leaves: through its SMTP account, else the installation's SMTP_URL (as the system mails
// do), else (a laptop demo without SMTP) into the log.

export type TOutgoing = {
  from: string;
  replyTo?: string | undefined;
  to: string;
  cc?: string | undefined;
  bcc?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
};
export type TMailTransport = { send(mail: TOutgoing): Promise<void>; close(): void };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function accountTransport(account: TMailAccountRow): TMailTransport {
  const transport = nodemailer.createTransport({
    host: account.host,
    port: account.port,
    secure: account.security === 'tls',
    requireTLS: account.security === 'starttls',
    ignoreTLS: account.security === 'none',
    ...(account.username ? { auth: { user: account.username, pass: account.password ?? '' } } : {}),
    ...TIMEOUTS,
  });
  return {
    send: async (mail) => void (await transport.sendMail(mail)),
    close: () => transport.close(),
  };
}

export function installationTransport(config: TConfig, log: (msg: string) => void): TMailTransport {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log(`mail (no SMTP_URL set) to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    send: async (mail) => void (await transport.sendMail(mail)),
    close: () => transport.close(),
  };
}

/** `"Name" <address>` or the bare address. */
export const fromOf = (account: TMailAccountRow) =>
  account.fromName
    ? `"${account.fromName.replace(/"/g, "'")}" <${account.fromAddress}>`
    : account.fromAddress;
