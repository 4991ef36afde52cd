import { SYSTEM_TODOS, type TBookingTodo } from '@atoll/domain/todos';
import type { TFunction } from 'i18next';

/** A system todo in the user's language (`todos.codes.<code>`); the operator's own in its stored text. */
export const todoText = (t: TFunction, todo: Pick<TBookingTodo, 'code' | 'text'>) =>
  todo.code ? t(`todos.codes.${todo.code}`, { defaultValue: todo.text }) : todo.text;

const seeded = (code: string | null) => SYSTEM_TODOS.find((s) => s.code === code);

/** A todo's group: a system todo's group as seeded in the user's language; one the operator wrote as written. */
export const todoGroup = (t: TFunction, todo: { code: string | null; group: string }) =>
  seeded(todo.code)?.group === todo.group
    ? t(`todos.groups.${todo.group}`, { defaultValue: todo.group })
    : todo.group;

/** A definition's name: a system definition's as seeded in the user's language; a renamed one as written. */
export const todoName = (t: TFunction, todo: { code: string | null; name: string }) =>
  todo.code && seeded(todo.code)?.name === todo.name
    ? t(`todos.names.${todo.code}`, { defaultValue: todo.name })
    : todo.name;
