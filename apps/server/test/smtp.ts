import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a local port (a free one by default) that keeps what it receives. */
export async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  /** The messages as they came over the wire, in the order of `received`. */
  const raw: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const source = Buffer.concat(chunks);
        simpleParser(source)
          .then((mail) => {
            received.push(mail);
            raw.push(source.toString('utf8'));
            for (const w of waiters.splice(0)) w();
            done();
          })
          .catch(done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}?ignoreTLS=true`,
    received,
    raw,
    /** Waits until `count` mails have arrived (or fails after 5 s). */
    async waitFor(count: number) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
