import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface VigilProcess {
  /** Its JSON log lines so far, parsed (other output lines are left out). */
  entries(): Record<string, unknown>[];
  /** Everything it wrote, for failure messages. */
  output(): string;
  /** SIGTERM, then waits for the exit; its exit code (null when killed after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL (a crash: nothing of its own shutdown runs), then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * How long a process may take to log `vigil started` before the test gives up: only a bound for
 * a process that hangs, never a pace it must keep. The test waits for the event (or the exit),
 * so a loaded host only makes it slower; jest's timeout of such a test must be larger.
 */
export const VIGIL_START_BOUND_MS = 150_000;

const CLI = path.join(root, 'packages/cli/bin/vigil.js');

/** `node packages/cli/bin/vigil.js <args>` (the compiled CLI, built by jest's global setup). */
function spawnVigil(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, [CLI, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs a one-shot `vigil <args>` to its end: its exit code and its standard output lines. */
export async function runVigil(args: string[], env: Record<string, string>): Promise<{ code: number | null; lines: string[]; output: string }> {
  const child = spawnVigil(args, env);
  let stdout = '';
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  return { code, lines: stdout.split('\n'), output };
}

/**
 * `vigil <args>` as an OS process (the compiled CLI), with `env` on top of this process's
 * environment. Resolves once it logged `vigil started`; rejects if it exits before.
 */
export async function startVigilProcess(args: string[], env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<VigilProcess> {
  const child = spawnVigil(args, env);
  let text = '';
  const entries: Record<string, unknown>[] = [];
  let partial = '';
  let onStarted: (() => void) | undefined;
  child.stdout.on('data', (d: Buffer) => {
    text += d.toString();
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as Record<string, unknown>;
      entries.push(entry);
      if (entry.message === 'vigil started') onStarted?.();
    }
  });
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vigil ${args.join(' ')} did not start in time:\n${text}`));
    }, opts.timeoutMs ?? VIGIL_START_BOUND_MS);
    onStarted = () => {
      clearTimeout(timer);
      resolve();
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`vigil ${args.join(' ')} exited (${code}) before it started:\n${text}`));
    });
  });
  return {
    entries: () => [...entries],
    output: () => text,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
