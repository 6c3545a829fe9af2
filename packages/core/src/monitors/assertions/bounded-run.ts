import vm from 'node:vm';

/**
 * Runs synchronous work on hostile input (a user's regular expression or JSONPath on a
 * target's body) with a wall-clock bound: the work runs inside `vm` with `timeout`, whose
 * watchdog thread terminates JavaScript execution, irregexp's backtracking included, when the
 * bound passes. The event loop is blocked at most for the bound. One context serves every call.
 */

/** Thrown when the bound passed before the work finished. */
export class TimeBoundExceeded extends Error {
  constructor(readonly ms: number) {
    super(`Time bound of ${ms} ms exceeded`);
    this.name = 'TimeBoundExceeded';
  }
}

interface Sandbox {
  task: (() => unknown) | null;
}

const sandbox: Sandbox = vm.createContext({ task: null }) as Sandbox;
const runTask = new vm.Script('task()');

export function runBounded<T>(work: () => T, ms: number): T {
  const results: T[] = [];
  sandbox.task = () => results.push(work());
  try {
    runTask.runInContext(sandbox, { timeout: Math.max(1, Math.floor(ms)) });
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new TimeBoundExceeded(ms);
    throw e;
  } finally {
    sandbox.task = null;
  }
  return results[0];
}

/**
 * This thread's CPU time so far, in µs: what a bounded run's retry judges (a run that passed
 * its wall-clock bound while this thread got little CPU was preempted, not slow). Where Node has
 * `process.threadCpuUsage` (later Node 22 releases, 24), the time of the JIT's and the GC's helper
 * threads does not count; on older Node it is the whole process's.
 */
export function threadCpuMicros(): number {
  const usage = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
  return usage.user + usage.system;
}
