import type { TBookingTodo, TTodoListItem } from '@atoll/domain/todos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { TListAnswer } from '../../components/DataTable.tsx';
import { resourceKeys } from '../../components/resource/api.ts';
import type { TListQuery } from '../../components/useListState.ts';
import { bookingKeys } from '../bookings/api.ts';

/** Which list the todo screen shows: the spec's open, own and allTodos calls. */
export const TODO_LISTS = ['open', 'own', 'all'] as const;
export type TTodoList = (typeof TODO_LISTS)[number];
export const todoListPath = (list: TTodoList) => `/todo/${list === 'all' ? 'allTodos' : list}`;

/** Query keys of todos (TanStack Query key factory): invalidate `all` after a solve. */
export const todoKeys = {
  all: ['todos'] as const,
  list: (list: TTodoList) => (query: TListQuery) => [...todoKeys.all, 'list', list, query] as const,
  booking: (bookingId: number) => [...todoKeys.all, 'booking', bookingId] as const,
};

export type TTodoRow = TTodoListItem;

/** The todos of one booking, open ones first; read again with each booking version (a write may raise some). */
export function useBookingTodos(bookingId: number, version: number) {
  return useQuery({
    queryKey: [...todoKeys.booking(bookingId), version],
    queryFn: ({ signal }) =>
      api<TListAnswer<TBookingTodo>>('/todoitem', {
        query: { size: 0, sort: 'open', order: -1, filter: JSON.stringify({ bookingId }) },
        signal,
        silent: true,
      }),
    select: (answer) => answer.data,
  });
}

/** Solves a todo: a write on its booking (a new version), so the booking is read again too. */
export function useSolveTodo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (todo: Pick<TBookingTodo, 'id' | 'bookingId'>) =>
      api<TBookingTodo>(`/todo/solve/${todo.bookingId}/${todo.id}`, { method: 'POST', body: {} }),
    onSettled: (_answer, _error, todo) => {
      void client.invalidateQueries({ queryKey: todoKeys.all });
      void client.invalidateQueries({ queryKey: resourceKeys('todoitem').all });
      void client.invalidateQueries({ queryKey: bookingKeys.detail(todo.bookingId) });
      void client.invalidateQueries({ queryKey: bookingKeys.lists() });
    },
  });
}
