import type { TFeature, TLanguage, TThemeColor, TView } from '@atoll/domain/constants';
import type { TSessionUser } from '@atoll/domain/users';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { session, useSession } from './session.ts';

export type TBootstrap = {
  version: string;
  language: TLanguage;
  languages: TLanguage[];
  features: Record<TFeature, boolean>;
  views: Record<TView, boolean>;
  maxGuestFormFileSize: number;
  disk: { size: number; used: number; free: number };
  logo: string | null;
  company: string | null;
  theme: { primaryColor: TThemeColor };
  user: TSessionUser | null;
};

let bootstrapped = false;
/** UNAUTHORIZED messages stay hidden until the first bootstrap answered (spec booking §8). */
export const isBootstrapped = () => bootstrapped;

const bootstrapQuery = (token: string | null) => ({
  queryKey: ['bootstrap', token] as const,
  queryFn: async () => {
    try {
      const data = await api<TBootstrap>('/bootstrap', { silent: !bootstrapped });
      session.setUser(data.user);
      session.checkVersion(data.version);
      return data;
    } finally {
      bootstrapped = true;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** Installation facts and who the token belongs to; asked again whenever the token changes. */
export function useBootstrap() {
  const { token } = useSession();
  return useQuery(bootstrapQuery(token));
}

/**
 * The bootstrap of the current token, waiting for it while it is on its way (undefined when it fails). A login that
 * is quicker than the page's first bootstrap needs the installation's switches to know where the user lands.
 */
export const bootstrapNow = (client: QueryClient): Promise<TBootstrap | undefined> =>
  client.ensureQueryData(bootstrapQuery(session.token())).catch(() => undefined);
