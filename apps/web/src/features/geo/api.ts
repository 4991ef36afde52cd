import type { TDestination } from '@atoll/domain/geo';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';

/** Every destination by name, for the port form and the port list (`GET /api/destination?size=0`). */
export function useDestinationOptions() {
  return useQuery({
    queryKey: [...resourceKeys('destination').all, 'options'],
    queryFn: ({ signal }) =>
      api<TListAnswer<TDestination>>('/destination', { query: { size: 0, sort: 'name' }, signal }),
    select: (answer) => answer.data.map((d) => ({ value: String(d.id), label: d.name })),
  });
}
