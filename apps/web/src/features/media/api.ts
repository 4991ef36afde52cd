import type {
  TMedia,
  TMediaFolder,
  TMoveMediaToFolder,
  TUpdateMedia,
  TUpdateMediaFolder,
} from '@atoll/domain/inventory/media';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

/** Which media a grid shows: every one, those in no folder (`none`), or those in one folder. */
export type TFolderChoice = 'all' | 'none' | number;
export type TMediaQuery = {
  page: number;
  size: number;
  search: string;
  folder: TFolderChoice;
  /** Only images (the picker), else images and documents (the library). */
  imagesOnly?: boolean;
};

/** Query keys of the media library (TanStack Query key factory). */
export const mediaKeys = {
  all: ['media'] as const,
  lists: () => [...mediaKeys.all, 'list'] as const,
  list: (query: TMediaQuery) => [...mediaKeys.lists(), query] as const,
  detail: (id: number) => [...mediaKeys.all, 'detail', id] as const,
  folders: () => ['mediafolder', 'all'] as const,
};

const folderFilter = (folder: TFolderChoice) =>
  folder === 'all' ? undefined : JSON.stringify({ folderId: folder === 'none' ? null : folder });

function fetchMedia(query: TMediaQuery, signal: AbortSignal) {
  const { page, size, search, folder } = query;
  if (query.imagesOnly) {
    const folderId = folder === 'all' ? undefined : folder === 'none' ? 0 : folder;
    return api<TListAnswer<TMedia>>('/media/images', { query: { page, size, search, folderId }, signal });
  }
  return api<TListAnswer<TMedia>>('/media', {
    query: { page, size, search, sort: 'createdAt', order: -1, filter: folderFilter(folder) },
    signal,
  });
}

/** One page of the library, newest first; lists carry no file bytes. */
export function useMediaList(query: TMediaQuery, enabled = true) {
  return useQuery({
    queryKey: mediaKeys.list(query),
    queryFn: ({ signal }) => fetchMedia(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMedia(id: number | null) {
  return useQuery({
    queryKey: mediaKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TMedia>(`/media/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Media of several ids in one list call (the picker's chosen images); unknown ids are left out. */
export function useMediaByIds(ids: number[]) {
  // Sorted: moving an image left or right needs no new request.
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...mediaKeys.lists(), 'ids', sorted] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TMedia>>('/media', {
        query: { size: sorted.length, filter: JSON.stringify({ id: { $in: sorted } }) },
        signal,
      }),
    select: (answer) => new Map(answer.data.map((m) => [m.id, m])),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMediaFolders(enabled = true) {
  return useQuery({
    queryKey: mediaKeys.folders(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TMediaFolder>>('/mediafolder', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

/** Sends a file to a media record; `optimize` resizes and re-encodes images on the server. */
export const uploadFile = (id: number, file: File, optimize: boolean) => {
  const form = new FormData();
  form.append('file', file);
  return api<TMedia>(`/media/${id}/data`, {
    method: 'POST',
    query: { optimize: optimize ? 1 : 0 },
    body: form,
    silent: true,
  });
};

export type TNewMedia = {
  file: File;
  optimize: boolean;
  folderId?: number | null;
  name?: string;
  isPublic?: boolean;
};

/** A new record and its file; a refused file removes the record again so that no empty entry stays. */
export async function createMediaWithFile({ file, optimize, folderId, name, isPublic }: TNewMedia) {
  const created = await api<TMedia>('/media', {
    method: 'POST',
    body: {
      name: (name ?? file.name).trim().slice(0, 200) || file.name,
      folderId: folderId ?? null,
      isPublic: isPublic ?? true,
    },
    silent: true,
  });
  try {
    return await uploadFile(created.id, file, optimize);
  } catch (error) {
    await api(`/media/${created.id}`, { method: 'DELETE', silent: true }).catch(() => undefined);
    throw error;
  }
}

export function useUploadMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMediaWithFile,
    onSuccess: (media) => {
      client.setQueryData(mediaKeys.detail(media.id), media);
      void client.invalidateQueries({ queryKey: mediaKeys.lists() });
    },
  });
}

export function useReplaceFile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, optimize }: { file: File; optimize: boolean }) => uploadFile(id, file, optimize),
    onSuccess: (media) => {
      client.setQueryData(mediaKeys.detail(media.id), media);
      void client.invalidateQueries({ queryKey: mediaKeys.lists() });
    },
  });
}

export function useSaveMedia(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateMedia) => api<TMedia>(`/media/${id}`, { method: 'POST', body, silent: true }),
    onSuccess: (media) => {
      client.setQueryData(mediaKeys.detail(media.id), media);
      void client.invalidateQueries({ queryKey: mediaKeys.lists() });
    },
  });
}

/** Silent: the caller shows where a refused (IN_USE) media is still used. */
export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/media/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.lists() }),
  });
}

export function useMoveMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMoveMediaToFolder) =>
      api<{ ok: true }>('/media/moveMediaToFolder', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function useSaveFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdateMediaFolder }) =>
      api<TMediaFolder>(id ? `/mediafolder/${id}` : '/mediafolder', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: mediaKeys.folders() }),
  });
}

/** Subfolders go with the folder; its media stay in the library without a folder. */
export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/mediafolder/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: mediaKeys.folders() });
      void client.invalidateQueries({ queryKey: mediaKeys.all });
    },
  });
}
