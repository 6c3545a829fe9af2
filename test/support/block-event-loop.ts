/**
 * Blocks this process's event loop for `ms` (what a long garbage collection or a starved CPU
 * does): timers fall due and I/O arrives meanwhile, and both are seen only when it ends.
 */
export function blockEventLoop(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}
