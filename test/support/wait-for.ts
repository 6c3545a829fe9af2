/**
 * Polls until `check` returns a truthy value, or fails after `timeoutMs`. For conditions, not for
 * time: the timeout only bounds a condition that never comes (20 s by default, below jest's 60 s
 * per test, so the failure names what was awaited), generous for a loaded host.
 */
export async function waitFor<T>(check: () => Promise<T> | T, opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${opts.what ?? 'condition'}${last ? `: ${(last as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 25));
  }
}
