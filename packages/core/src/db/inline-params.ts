import pg from 'pg';
import type { Statement } from './one-statement.js';

/** An array element as pg writes it in an array's text form (quoted, `\` and `"` escaped; null as NULL). */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return arrayText(value);
  return `"${text(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function arrayText(values: readonly unknown[]): string {
  return `{${values.map(element).join(',')}}`;
}

/**
 * A parameter's text, as pg sends it: a Date as its instant (ISO 8601, UTC, milliseconds), an
 * array in PostgreSQL's array form, a plain object as JSON. Binary values (Buffer) have no place
 * in a statement's text: refused.
 */
function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayText(value);
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) throw new Error('inlineParams: a binary parameter cannot be written as a literal');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * The statement with each $n written as a literal of its parameter's text (quoted by pg's
 * escapeLiteral; null and undefined as NULL), for a simple-protocol query that carries no
 * parameters. An untyped literal is resolved by PostgreSQL as an untyped parameter is (from its
 * context or its cast), so the statement means what it meant with $n. As oneStatement's
 * renumbering, it takes every `$<digits>` of the text for a parameter: statements with `$` in a
 * literal or an identifier of their own do not belong here.
 */
export function inlineParams({ sql, params }: Statement): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`inlineParams: no parameter $${n}`);
    const value = params[i];
    if (value === null || value === undefined) return 'NULL';
    const literal = text(value);
    // A simple-protocol query ends at its first NUL: the rest of the statement would be cut off.
    if (literal.includes('\u0000')) throw new Error('inlineParams: a parameter holds a NUL character');
    return pg.escapeLiteral(literal);
  });
}
