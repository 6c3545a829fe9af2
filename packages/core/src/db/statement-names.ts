/** Uses of a statement's text before it gets a name: a text run once or twice is not worth a slot. */
export const NAME_AFTER_USES = 3;
/**
 * Names a process gives at most. Each pool connection prepares the named statements it runs, so
 * this bounds what one PostgreSQL backend keeps (a parse tree and, once chosen, a plan each).
 */
export const MOST_NAMES = 200;
/** Texts counted at once; when full the counts start over (the names given stay). */
const MOST_COUNTED = 5_000;
/** Longer texts stay unnamed (generated statements: bulk VALUES lists and the like). */
const LONGEST_NAMED_TEXT = 16_384;

/**
 * Which statements the pool runs as named prepared statements (issue 35): PostgreSQL then parses
 * a statement once per connection instead of on every call, and the client sends no Parse. A
 * text is named on its NAME_AFTER_USES-th use while fewer than MOST_NAMES are named, so the
 * statements every request runs get names and the generated ones (a list of N values) mostly do
 * not; `refuse` takes a text off for good (its prepared form went stale after a schema change).
 * Names carry their own prefix: preparedQuery's explicit names never collide with them.
 */
export class StatementNames {
  private readonly names = new Map<string, string | null>();
  private readonly uses = new Map<string, number>();
  private given = 0;

  /** The name `text` runs under, or undefined to run it unnamed; counts this use. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (this.given >= MOST_NAMES || text.length > LONGEST_NAMED_TEXT) return undefined;
    const used = (this.uses.get(text) ?? 0) + 1;
    if (used < NAME_AFTER_USES) {
      if (this.uses.size >= MOST_COUNTED) this.uses.clear();
      this.uses.set(text, used);
      return undefined;
    }
    this.uses.delete(text);
    const name = `vigil_stmt_${++this.given}`;
    this.names.set(text, name);
    return name;
  }

  /** `text` runs unnamed from now on. */
  refuse(text: string): void {
    this.names.set(text, null);
    this.uses.delete(text);
  }
}
