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
