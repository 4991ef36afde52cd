import { ZErrorBody } from '@atoll/domain/errors';
import { ZLogin, ZLoginAnswer, ZRegister, ZRequestReset, ZSaveReset } from '@atoll/domain/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentedToken, TOKEN_COOKIE } from '../../http/access.ts';
import { unauthorized } from '../../http/errors.ts';
import { requestClient, requestLanguage, ZIdParams, ZOk } from '../../http/request.ts';
import type { TAuthService } from './auth.service.ts';

const tags = ['auth'];
const authorized = { scopes: ['$$IsAuthorized$$'] } as const;

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: TAuthService; rateLimit: number; secureCookie: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = deps;
  const limited = { max: deps.rateLimit, timeWindow: '1 minute' };
  const cookie = (expiresIn: number) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookie,
    maxAge: expiresIn,
  });

  r.post(
    '/api/auth/token',
    {
      config: { access: { public: true }, rateLimit: limited },
      schema: { tags, body: ZLogin, response: { 200: ZLoginAnswer, 401: ZErrorBody, 403: ZErrorBody } },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body, requestClient(request));
      reply.setCookie(TOKEN_COOKIE, answer.token, cookie(answer.expiresIn));
      return answer;
    },
  );

  r.put(
    '/api/auth/token',
    { config: { access: authorized }, schema: { tags, response: { 200: ZLoginAnswer } } },
    async (request, reply) => {
      const token = presentedToken(request);
      if (!token) throw unauthorized();
      const answer = await auth.refresh(token, requestClient(request));
      reply.setCookie(TOKEN_COOKIE, answer.token, cookie(answer.expiresIn));
      return answer;
    },
  );

  r.delete(
    '/api/auth/token',
    { config: { access: authorized }, schema: { tags } },
    async (request, reply) => {
      const token = presentedToken(request);
      if (token) await auth.logout(token);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return reply.status(204).send();
    },
  );

  r.head('/api/auth/token', { config: { access: authorized }, schema: { tags } }, async (_request, reply) =>
    reply.status(200).send(),
  );

  r.put(
    '/api/auth/password/reset',
    {
      config: { access: { public: true }, rateLimit: limited },
      schema: { tags, body: ZRequestReset, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.requestReset(request.body, requestLanguage(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/password/reset',
    {
      config: { access: { public: true }, rateLimit: limited },
      schema: { tags, body: ZSaveReset, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.saveReset(request.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/register',
    {
      config: { access: { public: true }, rateLimit: limited },
      schema: {
        tags,
        description:
          'Public. 202 for every well-formed request, whether the address has an account or not (no account ' +
          'enumeration): a new address gets the verification mail, a registered one a mail saying so with the ' +
          'password-reset link.',
        body: ZRegister,
        response: { 202: ZOk },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await auth.register(request.body, requestLanguage(request))),
  );

  r.post(
    '/api/users/:id/verify',
    {
      config: { access: { public: true }, rateLimit: limited },
      schema: {
        tags,
        params: ZIdParams,
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: ZOk },
      },
    },
    async (request) => {
      await auth.verify(request.params.id, request.body.token);
      return { ok: true as const };
    },
  );
}
