import { z } from 'zod';

/**
 * A yes/no flag as the spec sends it: 1 or 0 (the force flag, "as 1 or 0"), also true or false; a query string
 * carries it as text, a JSON body as a boolean. One definition for every flag of the API.
 */
export const ZFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * A partial update changes only what the body names. `.partial()` of a create schema keeps its
 * defaults in zod 4 (`{ phone }` would parse to `{ phone, name: '', userType: 'Default' }`), so the
 * top-level defaults go; nested objects keep theirs (declare a default-free patch schema for merges).
 */
export function withoutDefaults<T extends z.ZodObject>(schema: T): T {
  const shape: Record<string, z.ZodType> = {};
  let changed = false;
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    let inner: z.ZodType = field;
    let optional = false;
    for (;;) {
      if (inner instanceof z.ZodOptional) optional = true;
      else if (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) changed = optional = true;
      else break;
      inner = (inner as z.ZodOptional | z.ZodDefault | z.ZodPrefault).unwrap() as z.ZodType;
    }
    shape[key] = optional ? inner.optional() : field;
  }
  return changed ? (schema.safeExtend(shape as never) as unknown as T) : schema;
}

/** A problem a rule finds in a value: the field it names and what is wrong. */
export type TProblem = { path: string; message: string };

/**
 * The schema with a rule's problems as its issues: the same rule checks a create body here and, on the server, a
 * stored record with a change applied (a partial body cannot be checked alone).
 */
export const withProblems = <T extends z.ZodType>(schema: T, problems: (value: z.infer<T>) => TProblem[]) =>
  schema.superRefine((value, ctx) => {
    for (const p of problems(value)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
