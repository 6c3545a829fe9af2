/** Where a command writes: its answer to `out`, everything else to `err`. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** The operation could not be done, for a reason the message states in full: exit code 1. */
export class CommandError extends Error {}

/**
 * The one line a command prints under --json: JSON with a space after every `:` and `,`, as
 * decisions §1 writes it (`{"account_id": 1, "api_key": "vgl_..."}`); any JSON parser reads it.
 */
export function jsonLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => jsonLine(v ?? null)).join(', ')}]`;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${jsonLine(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
