import { SYSTEM_TODOS } from '@atoll/domain/todos';
import type { Executor } from './client.ts';
import { todos } from './schema.ts';

/**
 * The system todo definitions (overbooking, unknown gender, no-show …) every installation needs: the
 * server raises them by code. Idempotent (the code is unique), and an operator's edits of their texts,
 * rules or switch stay. Texts are English; the web shows `todos.codes.<code>` in the user's language.
 */
export async function seedSystemTodos(db: Executor) {
  await db
    .insert(todos)
    .values(SYSTEM_TODOS.map((t) => ({ ...t, predefined: true, autoAdd: [] })))
    .onConflictDoNothing({ target: todos.code });
}
