// The client of bench/creation-server.ts, in a process of its own: reads the creations' bodies from stdin, logs
// in as the demo admin and sends them one after the other over one keep-alive connection.
import http from 'node:http';

const port = Number(process.env.BENCH_PORT);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const call = (method, path, body, headers = {}) =>
  new Promise((done, fail) => {
    const data = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: Object.assign({}, headers, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        }),
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          done({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', fail);
    request.end(data);
  });

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const bodies = JSON.parse(Buffer.concat(chunks).toString());
const login = await call('POST', '/api/auth/token', { email: 'admin@example.com', password: 'demo-admin' });
const headers = { authorization: `Bearer ${JSON.parse(login.body).token}` };
for (const body of bodies) {
  const answer = await call('POST', '/api/bookings', body, headers);
  if (answer.status !== 201) throw new Error(`${answer.status} ${answer.body}`);
}
