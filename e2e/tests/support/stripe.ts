import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The journeys that pay with Stripe talk to this stand-in for Stripe's API (the provider's `apiBase`):
// it answers the Checkout Session create call and remembers each session's form. The webhook is signed
// with the stripe library's own test helper in the journeys.

/** Session ids are `<prefix>_<n>` (1, 2, …), their checkout URLs https://checkout.stripe.test/<id>. */
export async function fakeStripe(prefix: string) {
  const sessions: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      sessions.push(new URLSearchParams(body));
      const id = `${prefix}_${sessions.length}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/${id}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    sessions,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
