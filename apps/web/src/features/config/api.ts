import type { TLanguage } from '@atoll/domain/constants';
import type { TSettingsGroup, TSettingsValues, TTranslationKeyInfo } from '@atoll/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { i18n } from '../../app/i18n.ts';
import { resourceKeys } from '../../components/resource/api.ts';

/** Query keys of the configuration screens (TanStack Query key factory). */
export const configKeys = {
  all: ['settings'] as const,
  group: (group: TSettingsGroup) => [...configKeys.all, 'group', group] as const,
  translationKeys: () => ['translation', 'keys'] as const,
};

/** `GET /api/settings/group/{group}`: the group's values, defaults filled in. */
export function useSettingsGroup<G extends TSettingsGroup>(group: G) {
  return useQuery({
    queryKey: configKeys.group(group),
    queryFn: ({ signal }) => api<TSettingsValues[G]>(`/settings/group/${group}`, { signal, silent: true }),
  });
}

/** The bootstrap carries company name, logo, theme, features and views: refresh it after a change. */
const refreshBootstrap = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['bootstrap'] });

/** `POST /api/settings/group/{group}` with some keys; the answer is the whole group. */
export function useSaveSettingsGroup<G extends TSettingsGroup>(group: G) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TSettingsValues[G]>) =>
      api<TSettingsValues[G]>(`/settings/group/${group}`, { method: 'POST', body }),
    onSuccess: (values) => {
      client.setQueryData(configKeys.group(group), values);
      void refreshBootstrap(client);
    },
  });
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api<{ logo: string }>('/settings/logo', { method: 'POST', body });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: configKeys.group('company') });
      void refreshBootstrap(client);
    },
  });
}

export function useRemoveLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/settings/logo', { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: configKeys.group('company') });
      void refreshBootstrap(client);
    },
  });
}

/** Every translatable key with its built-in texts and overrides (`GET /api/translation/keys`). */
export function useTranslationKeys() {
  return useQuery({
    queryKey: configKeys.translationKeys(),
    queryFn: ({ signal }) => api<TTranslationKeyInfo[]>('/translation/keys', { signal, silent: true }),
  });
}

type TOverride = { info: TTranslationKeyInfo; lang: TLanguage };

/**
 * Saves or removes one override and lays the result over the running app at once, so the operator
 * sees the new text without a reload.
 */
export function useTranslationOverride() {
  const client = useQueryClient();
  const done = async ({ info, lang }: TOverride, text: string | null) => {
    if (text !== null) i18n.addResource(lang, 'translation', info.key, text);
    await client.invalidateQueries({ queryKey: configKeys.translationKeys() });
  };
  return {
    save: useMutation({
      mutationFn: ({ info, lang, value }: TOverride & { value: string }) => {
        const current = info.overrides[lang];
        return current
          ? api(`/translation/${current.id}`, { method: 'POST', body: { value } })
          : api('/translation', { method: 'POST', body: { key: info.key, lang, value } });
      },
      onSuccess: (_saved, vars) => done(vars, vars.value),
    }),
    reset: useMutation({
      mutationFn: ({ info, lang }: TOverride) =>
        api(`/translation/${info.overrides[lang]?.id}`, { method: 'DELETE' }),
      onSuccess: (_removed, vars) => done(vars, vars.info.builtIn[vars.lang]),
    }),
  };
}

export type TTextblockGroup = { id: number; name: string; sort: number };

/** Every text block group, for the group picker and column (refreshed with the groups' list). */
export function useTextblockGroups() {
  return useQuery({
    queryKey: [...resourceKeys('textblockgroup').lists(), 'options'],
    queryFn: ({ signal }) =>
      api<{ data: TTextblockGroup[] }>('/textblockgroup', { query: { size: 0, sort: 'sort' }, signal }),
    select: (answer) => answer.data,
  });
}
