/** A PostgreSQL identifier (table, column, database) as SQL text: double-quoted, inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
