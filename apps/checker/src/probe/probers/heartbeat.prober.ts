import type { Prober } from '../prober.js';

/** heartbeat: push; judged by its pings, never probed. */
export const heartbeatProber: Prober<'heartbeat'> = { kind: 'push' };
