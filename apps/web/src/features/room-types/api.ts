import type { TVessel } from '@atoll/domain/inventory/vessels';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';

/** Every vessel the user may see, as picker options; only asked for when the user reads vessels. */
export function useVesselChoices(enabled: boolean) {
  return useQuery({
    // The vessels feature's options key: one request serves both.
    queryKey: ['vessel', 'options'] as const,
    queryFn: ({ signal }) =>
      api<TListAnswer<TVessel>>('/vessel', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data.map((v) => ({ value: String(v.id), label: v.name })),
    enabled,
  });
}
