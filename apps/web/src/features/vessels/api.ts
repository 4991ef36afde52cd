import type { TPort } from '@atoll/domain/geo';
import type { TDeckPosition, TRoom } from '@atoll/domain/inventory/rooms';
import type { TSchedule } from '@atoll/domain/inventory/tours';
import type { TUpdateVessel, TVessel, TVesselDeck } from '@atoll/domain/inventory/vessels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import type { TListQuery } from '../../components/useListState.ts';

/**
 * Query keys of vessels (TanStack Query key factory). Decks and lists use the generic resource keys
 * (`vesseldeck`, `vessellist`), so the resource screens and these hooks refresh each other.
 */
export const vesselKeys = {
  all: ['vessel'] as const,
  lists: () => [...vesselKeys.all, 'list'] as const,
  list: (query: TListQuery) => [...vesselKeys.lists(), query] as const,
  options: () => [...vesselKeys.all, 'options'] as const,
  detail: (id: number) => [...vesselKeys.all, 'detail', id] as const,
  decks: (vesselId: number) => ['vesseldeck', 'list', { vesselId }] as const,
  cabins: (vesselId: number) => ['rooms', 'list', { vesselId }] as const,
  schedules: (vesselId: number) => ['schedules', 'list', { vesselId }] as const,
  ports: () => ['port', 'options'] as const,
};

const all = { size: 0 };
const byVessel = (vesselId: number) => JSON.stringify({ vesselId });

export function useVessel(id: number | null) {
  return useQuery({
    queryKey: vesselKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<TVessel>(`/vessel/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** Every vessel the user may see, by name: the pickers of the deck and list screens. */
export function useVesselOptions() {
  return useQuery({
    queryKey: vesselKeys.options(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TVessel>>('/vessel', { query: { ...all, sort: 'name' }, signal }),
    select: (answer) => answer.data,
  });
}

/** Ports for the home port; silent, because reading them needs a settings scope the vessel staff may lack. */
export function usePorts() {
  return useQuery({
    queryKey: vesselKeys.ports(),
    queryFn: ({ signal }) =>
      api<TListAnswer<TPort>>('/port', { query: { ...all, sort: 'name' }, signal, silent: true }),
    retry: false,
    select: (answer) => answer.data,
  });
}

/** The cabins of a vessel in cabin order (sort, then name), from the rooms API. */
export function useVesselCabins(vesselId: number | null) {
  return useQuery({
    queryKey: vesselKeys.cabins(vesselId ?? 0),
    queryFn: ({ signal }) =>
      api<TListAnswer<TRoom>>('/rooms', {
        query: { ...all, sort: 'sort', filter: byVessel(vesselId ?? 0) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export function useVesselDecks(vesselId: number | null) {
  return useQuery({
    queryKey: vesselKeys.decks(vesselId ?? 0),
    queryFn: ({ signal }) =>
      api<TListAnswer<TVesselDeck>>('/vesseldeck', {
        query: { ...all, sort: 'sort', filter: byVessel(vesselId ?? 0) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

/** The departures of a vessel, newest last: what a vessel list is printed for. */
export function useVesselSchedules(vesselId: number | null) {
  return useQuery({
    queryKey: vesselKeys.schedules(vesselId ?? 0),
    queryFn: ({ signal }) =>
      api<TListAnswer<TSchedule>>('/schedules', {
        query: { ...all, sort: 'from', filter: byVessel(vesselId ?? 0) },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: vesselId !== null,
  });
}

export function useSaveVessel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: TUpdateVessel }) =>
      api<TVessel>(id ? `/vessel/${id}` : '/vessel', { method: 'POST', body, silent: true }),
    onSuccess: (vessel) => {
      client.setQueryData(vesselKeys.detail(vessel.id), vessel);
      void client.invalidateQueries({ queryKey: vesselKeys.all });
    },
  });
}

export function useDeleteVessel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number }>(`/vessel/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: vesselKeys.all }),
  });
}

type TDeckBody = { vesselId?: number; name?: string; sort?: number; planImage?: number | null };

/** Creates (`id` absent), changes or deletes (`remove`) a deck; the vessel's decks are read again. */
export function useDeckMutations(vesselId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['vesseldeck'] });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: TDeckBody }) =>
        api<TVesselDeck>(id ? `/vesseldeck/${id}` : '/vesseldeck', {
          method: 'POST',
          body: id ? body : { ...body, vesselId },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api<{ id: number }>(`/vesseldeck/${id}`, { method: 'DELETE' }),
      onSuccess: async () => {
        await refresh();
        // Cabins of a deleted deck lose their deck (ON DELETE SET NULL).
        await client.invalidateQueries({ queryKey: vesselKeys.cabins(vesselId) });
      },
    }),
  };
}

/** Puts a cabin on a deck at a point of its plan, or takes it off (`deckId` null), through the rooms API. */
export function usePlaceCabin(vesselId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      deckId,
      deckPosition,
    }: {
      id: number;
      deckId: number | null;
      deckPosition: TDeckPosition | null;
    }) => api<TRoom>(`/rooms/${id}`, { method: 'POST', body: { deckId, deckPosition } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: vesselKeys.cabins(vesselId) });
      await client.invalidateQueries({ queryKey: ['vesseldeck'] });
    },
  });
}
