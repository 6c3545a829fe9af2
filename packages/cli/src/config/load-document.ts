import { readFile, stat } from 'node:fs/promises';
import { parse } from 'yaml';
import { CommandError } from '../cli-io.js';

/** A document file larger than this is refused before it is read (the API takes at most 1 MB of JSON). */
export const MAX_DOCUMENT_BYTES = 4 * 1024 * 1024;
/** YAML aliases expanded at most this many times (a file of nested aliases cannot blow up). */
const MAX_ALIASES = 100;
const ENV_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface LoadedDocument {
  document: unknown;
  /** The values `${env:NAME}` resolved to, with the reference each came from: never printed. */
  secrets: Map<string, string>;
}

function resolve(value: unknown, env: NodeJS.ProcessEnv, secrets: Map<string, string>, path: string): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (ref: string, name: string) => {
      const resolved = env[name];
      if (resolved === undefined) throw new CommandError(`${path}: ${ref} is not set in the environment`);
      if (resolved) secrets.set(resolved, ref);
      return resolved;
    });
  }
  if (Array.isArray(value)) return value.map((v: unknown, i) => resolve(v, env, secrets, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, env, secrets, path ? `${path}.${k}` : k)]));
  }
  return value;
}

/**
 * Reads a configuration document (YAML, or JSON, which YAML reads too) and resolves its
 * `${env:NAME}` references from the environment: secrets live in CI variables or a Kubernetes
 * Secret, never in the file, and leave this process only in the request to the API.
 */
export async function loadDocument(file: string, env: NodeJS.ProcessEnv = process.env): Promise<LoadedDocument> {
  const size = await stat(file).then(
    (s) => s.size,
    () => {
      throw new CommandError(`${file}: cannot read the file`);
    },
  );
  if (size > MAX_DOCUMENT_BYTES) throw new CommandError(`${file}: larger than ${MAX_DOCUMENT_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = parse(await readFile(file, 'utf8'), { maxAliasCount: MAX_ALIASES });
  } catch (e) {
    throw new CommandError(`${file}: not valid YAML or JSON (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
  const secrets = new Map<string, string>();
  return { document: resolve(parsed ?? {}, env, secrets, ''), secrets };
}

/** Text with every resolved secret replaced by the reference it came from. */
export function redact(text: string, secrets: Map<string, string>): string {
  let out = text;
  // Longest first: a secret that contains another is replaced whole.
  for (const [value, ref] of [...secrets].sort(([a], [b]) => b.length - a.length)) out = out.split(value).join(ref);
  return out;
}
