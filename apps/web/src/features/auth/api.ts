import { isValidToken } from '@atoll/domain/navigation/session';
import type {
  TLogin,
  TSessionUser,
  TUserSettings,
  ZChangeOwnPassword,
  ZRegister,
  ZRequestReset,
  ZSaveReset,
} from '@atoll/domain/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../app/api.ts';
import { session, type TLoginAnswer } from '../../app/session.ts';

// Request bodies typed by the same zod schemas the server validates with.
type TRequestReset = ReturnType<typeof ZRequestReset.parse>;
type TSaveReset = ReturnType<typeof ZSaveReset.parse>;
export type TRegister = ReturnType<typeof ZRegister.parse>;
type TChangeOwnPassword = ReturnType<typeof ZChangeOwnPassword.parse>;
export type TSelfPatch = {
  name?: string;
  phone?: string | null;
  settings?: Partial<TUserSettings>;
};
type TJumpAnswer = TLoginAnswer & { target?: string };

export const authKeys = {
  all: ['auth'] as const,
  verify: (userId: string, token: string) => [...authKeys.all, 'verify', userId, token] as const,
  jump: (token: string) => [...authKeys.all, 'jump', token] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  self: (userId: number) => [...accountKeys.all, 'self', userId] as const,
};

// Every auth call is `silent`: the screens show their own messages, so nothing appears twice.

export const useLogin = () =>
  useMutation({
    mutationFn: (body: TLogin) => api<TLoginAnswer>('/auth/token', { method: 'POST', body, silent: true }),
  });

export const useRequestReset = () =>
  useMutation({
    mutationFn: (body: TRequestReset) =>
      api<{ ok: true }>('/auth/password/reset', { method: 'PUT', body, silent: true }),
  });

export const useSaveReset = () =>
  useMutation({
    mutationFn: (body: TSaveReset) =>
      api<{ ok: true }>('/auth/password/reset', { method: 'POST', body, silent: true }),
  });

export const useRegister = () =>
  useMutation({
    mutationFn: (body: TRegister) =>
      api<{ ok: true }>('/auth/register', { method: 'POST', body, silent: true }),
  });

/** A verification link needs a numeric user id and a token; anything else is a broken link. */
export const isVerifiable = (userId: string, token: string) => token !== '' && /^\d+$/.test(userId);

/**
 * Confirms an e-mail address. A query rather than a mutation: the link's token works once, and the
 * query cache makes sure it is sent once even when the page mounts twice.
 */
export const useVerifyEmail = (userId: string, token: string) =>
  useQuery({
    queryKey: authKeys.verify(userId, token),
    queryFn: () =>
      api<{ ok: true }>(`/users/${encodeURIComponent(userId)}/verify`, {
        method: 'POST',
        body: { token },
        silent: true,
      }),
    enabled: isVerifiable(userId, token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * Redeems a one-time jump token and starts the session. Tokens too short to be one are refused
 * here: the same server path issues a new jump for such a "system name" instead of logging in.
 */
export const useJumpLogin = (token: string) =>
  useQuery({
    queryKey: authKeys.jump(token),
    queryFn: async () => {
      if (!isValidToken(token)) throw new ApiError(400, 'INVALID_TOKEN', 'INVALID_TOKEN');
      const answer = await api<TJumpAnswer>(`/cauth/jump/${encodeURIComponent(token)}`, { silent: true });
      if (!answer.user || !isValidToken(answer.token))
        throw new ApiError(400, 'INVALID_TOKEN', 'INVALID_TOKEN');
      session.accept(answer);
      return answer;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useOwnUser = (userId: number) =>
  useQuery({
    queryKey: accountKeys.self(userId),
    queryFn: () => api<TSessionUser>('/users/self', { silent: true }),
  });

export function useUpdateSelf(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSelfPatch) => api<TSessionUser>('/users/self', { method: 'POST', body }),
    onSuccess: (user) => {
      client.setQueryData(accountKeys.self(userId), user);
      session.setUser(user);
    },
  });
}

export const useChangeOwnPassword = () =>
  useMutation({
    mutationFn: (body: TChangeOwnPassword) =>
      api<{ ok: true }>('/users/self/password', { method: 'POST', body, silent: true }),
  });
