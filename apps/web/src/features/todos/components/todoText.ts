import type { TBookingTodo } from '@atoll/domain/todos';
import type { TFunction } from 'i18next';

/** A system todo in the user's language (`todos.codes.<code>`); the operator's own in its stored text. */
export const todoText = (t: TFunction, todo: Pick<TBookingTodo, 'code' | 'text'>) =>
  todo.code ? t(`todos.codes.${todo.code}`, { defaultValue: todo.text }) : todo.text;
