import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { files } from 'dropbox';

// A local server speaking the Dropbox API v2 contract for the tests (never the internet), at
// `{base}/api/...` and `{base}/content/...` (where DROPBOX_API_BASE sends the SDK): the refresh-token grant,
// files/list_folder (+continue), files/upload, files/download and files/delete_v2, with the bearer token
// checked and the answers in the SDK's own types (files.FileMetadataReference, files.ListFolderResult).

export const DROPBOX = { appKey: 'app-key', appSecret: 'app-secret', refreshToken: 'refresh-1' };

export async function dropboxFake() {
  const state = {
    accessToken: '',
    grants: 0,
    files: new Map<string, { meta: files.FileMetadataReference; bytes: Buffer }>(),
    failNext: null as null | { path: string; status: number },
  };
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, at: string) =>
    json(res, 409, {
      error_summary: `${at}/not_found/..`,
      error: { '.tag': at, [at]: { '.tag': 'not_found' } },
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/oauth2/token') {
      const q = url.searchParams;
      if (
        q.get('grant_type') !== 'refresh_token' ||
        q.get('refresh_token') !== DROPBOX.refreshToken ||
        q.get('client_id') !== DROPBOX.appKey ||
        q.get('client_secret') !== DROPBOX.appSecret
      )
        return json(res, 400, { error: 'invalid_grant', error_description: 'refresh token is invalid' });
      state.grants++;
      state.accessToken = `sl.${randomUUID()}`;
      return json(res, 200, { access_token: state.accessToken, token_type: 'bearer', expires_in: 14400 });
    }
    if (req.headers.authorization !== `Bearer ${state.accessToken}`)
      return json(res, 401, {
        error_summary: 'invalid_access_token/..',
        error: { '.tag': 'invalid_access_token' },
      });
    if (state.failNext && url.pathname.endsWith(state.failNext.path)) {
      const f = state.failNext;
      state.failNext = null;
      return json(res, f.status, {
        error_summary: 'too_many_write_operations/..',
        error: { reason: { '.tag': 'too_many_write_operations' } },
      });
    }
    const body = await read(req);
    const arg = JSON.parse(
      String(req.headers['dropbox-api-arg'] ?? (body.length ? body.toString() : '{}')),
    ) as { path?: string; cursor?: string };
    const path = (arg.path ?? '').toLowerCase();
    switch (url.pathname) {
      case '/api/2/files/list_folder':
      case '/api/2/files/list_folder/continue': {
        // The cursor is `folder#offset`; two entries per page, so the client goes through the cursor.
        const [folder = '', offset = '0'] = (arg.cursor ?? `${path}#0`).split('#');
        const inFolder = [...state.files.values()].filter((f) => f.meta.path_lower?.startsWith(`${folder}/`));
        if (!arg.cursor && inFolder.length === 0) return notFound(res, 'path');
        const from = Number(offset);
        const result: files.ListFolderResult = {
          entries: inFolder.slice(from, from + 2).map((f) => f.meta),
          cursor: `${folder}#${from + 2}`,
          has_more: from + 2 < inFolder.length,
        };
        return json(res, 200, result);
      }
      case '/content/2/files/upload': {
        if (state.files.has(path))
          return json(res, 409, { error_summary: 'path/conflict/file/..', error: { '.tag': 'path' } });
        const name = (arg.path ?? '').split('/').at(-1) ?? '';
        const meta: files.FileMetadataReference = {
          '.tag': 'file',
          name,
          id: `id:${randomUUID()}`,
          path_lower: path,
          path_display: arg.path,
          client_modified: `${new Date().toISOString().slice(0, 19)}Z`,
          server_modified: `${new Date().toISOString().slice(0, 19)}Z`,
          rev: randomUUID().replace(/-/g, '').slice(0, 16),
          size: body.length,
          content_hash: createHash('sha256').update(body).digest('hex'),
        };
        state.files.set(path, { meta, bytes: body });
        return json(res, 200, meta);
      }
      case '/content/2/files/download': {
        const file = state.files.get(path);
        if (!file) return notFound(res, 'path');
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'dropbox-api-result': JSON.stringify(file.meta),
        });
        return res.end(file.bytes);
      }
      case '/api/2/files/delete_v2': {
        const file = state.files.get(path);
        if (!file) return notFound(res, 'path_lookup');
        state.files.delete(path);
        return json(res, 200, { metadata: file.meta });
      }
    }
    return json(res, 404, { error_summary: 'unknown endpoint' });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, state, close: () => new Promise((r) => server.close(r)) };
}
