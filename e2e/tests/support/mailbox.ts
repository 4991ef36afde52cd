import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTP_PORT } from '../../playwright.config.ts';

/** A real SMTP server on the port the e2e server sends to; keeps what arrives. */
export async function openMailbox() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return {
    /** The newest mail to `to`, waiting up to 10 s. */
    async latest(to: string): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = received.filter((m) => m.to && JSON.stringify(m.to).includes(to)).at(-1);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
