/** One check's result as `vigil test` reads it from the checker (CheckResult's fields it prints). */
export interface ProbeOutcome {
  status: 'success' | 'failure';
  response_time_ms: number | null;
  status_code: number | null;
  error: string | null;
  /** http: where the time went (ms; null for a phase that did not happen). */
  timings: Record<string, number | null> | null;
}

/** What `vigil test` uses of the checker: a document entry's probe target, and one check of it. */
export interface FileProbe {
  /** The entry's target; null for a type `vigil test` does not run. Throws on a field it cannot use. */
  targetOf(fields: Record<string, unknown>): unknown;
  probe(target: unknown): Promise<ProbeOutcome>;
  close(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks that `owner` (a module or an object) has these functions: what it loads is checked before it is used. */
function assertFunctions(owner: unknown, names: readonly string[], what: string): void {
  for (const name of names) {
    const value: unknown = isObject(owner) || typeof owner === 'function' ? Reflect.get(owner, name) : undefined;
    if (typeof value !== 'function') throw new Error(`${what} has no function ${name}`);
  }
}

/** Calls the function `name` of `owner` (checked by assertFunctions). */
function call(owner: unknown, name: string, args: unknown[]): unknown {
  const fn: unknown = isObject(owner) || typeof owner === 'function' ? Reflect.get(owner, name) : undefined;
  if (typeof fn !== 'function') throw new Error(`no function ${name}`);
  const result: unknown = Reflect.apply(fn, owner, args);
  return result;
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The checker's CheckResult, read field by field (it crosses a dynamic import: nothing is taken on trust). */
export function outcomeOf(value: unknown): ProbeOutcome {
  if (!isObject(value) || (value.status !== 'success' && value.status !== 'failure')) throw new Error('@vigil/checker answered a check without a result');
  const timings = isObject(value.timings) ? Object.fromEntries(Object.entries(value.timings).map(([k, v]) => [k, numberOrNull(v)])) : null;
  return {
    status: value.status,
    response_time_ms: numberOrNull(value.response_time_ms),
    status_code: numberOrNull(value.status_code),
    error: typeof value.error === 'string' ? value.error : null,
    timings,
  };
}

/**
 * Loads the checker's one-shot probe (the one `vigil agent` probes leased runs with) only when
 * `vigil test` runs: the CLI package imports no app statically (as `vigil agent`), so the shape
 * of what it loads is checked here. `allowedNetworks`: the non-public networks a check may
 * reach (--allow-cidr), as a private location's allowed_cidrs.
 */
export async function loadFileProbe(allowedNetworks: readonly string[]): Promise<FileProbe> {
  const checker: unknown = await import('@vigil/checker');
  assertFunctions(checker, ['createOneShotProbe', 'probeTargetOfEntry'], '@vigil/checker');
  const oneShot = call(checker, 'createOneShotProbe', [[...allowedNetworks]]);
  assertFunctions(oneShot, ['probe', 'close'], '@vigil/checker.createOneShotProbe()');
  return {
    targetOf: (fields) => call(checker, 'probeTargetOfEntry', [fields]),
    probe: async (target) => outcomeOf(await call(oneShot, 'probe', [target])),
    close: () => {
      call(oneShot, 'close', []);
    },
  };
}
