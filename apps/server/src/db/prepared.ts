// Named prepared statements for the statements this process sends again and again (ADR 0030). PostgreSQL
// parses and plans an unnamed statement on every call; a named one is parsed once per connection, and pg
// then sends only Bind and Execute. Drizzle sends the same text for the same query shape with its values
// apart, so the text names the statement. A text is named from its REPEAT-th call on: a statement seen
// once (an IN list of unusual length, a one-off report) stays unnamed. At most MAX_NAMED texts are ever
// named, so no connection holds more than that many statements; the rest stay unnamed.

const REPEAT = 3;
const MAX_NAMED = 500;
/** Texts seen but not named yet, with how often; forgotten in bulk when it grows past this. */
const MAX_COUNTED = 20_000;

export function createStatementNames(repeat = REPEAT, maxNamed = MAX_NAMED) {
  const named = new Map<string, string>();
  const counted = new Map<string, number>();
  return {
    /** The statement's name, or undefined while it stays unnamed. */
    nameOf(text: string): string | undefined {
      const name = named.get(text);
      if (name !== undefined || named.size >= maxNamed) return name;
      const seen = (counted.get(text) ?? 0) + 1;
      if (seen < repeat) {
        if (counted.size >= MAX_COUNTED) counted.clear();
        counted.set(text, seen);
        return undefined;
      }
      counted.delete(text);
      const fresh = `atoll_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
    get size() {
      return named.size;
    },
  };
}

export type TStatementNames = ReturnType<typeof createStatementNames>;
