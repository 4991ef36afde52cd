import type { ParsedMail } from 'mailparser';
import { startSmtpServer } from '../../../apps/server/test/smtp.ts';
import { SMTP_PORT } from '../../playwright.config.ts';

/** The real SMTP server of the server tests, on the port the e2e server sends to. */
export async function openMailbox() {
  const smtp = await startSmtpServer(SMTP_PORT);
  return {
    /** The newest mail to `to`, waiting up to 10 s. */
    async latest(to: string): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(to)).at(-1);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: smtp.close,
  };
}
