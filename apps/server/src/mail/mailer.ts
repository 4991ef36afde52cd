import nodemailer from 'nodemailer';

export type TMail = { to: string; subject: string; text: string; html?: string };
export type TMailer = { send(mail: TMail): Promise<void> };

/**
 * Sends through SMTP_URL. Without one (a laptop demo) the mail is written to the log instead,
 * so that reset and verification links can still be followed.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  log: (msg: string) => void;
}): TMailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (!opts.smtpUrl) opts.log(`mail (no SMTP_URL set) to ${mail.to}: ${mail.subject}\n${mail.text}`);
      void info;
    },
  };
}
