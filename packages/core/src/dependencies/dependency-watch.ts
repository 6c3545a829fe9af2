import type { Dependency } from '../errors/dependency-unavailable-error.js';
import type { Logger } from '../logging/logger.js';
import { networkReason } from './classify-outage.js';
import { withTimeout } from '../time/with-timeout.js';
import { ChurnList } from '../runtime/churn-list.js';

export interface DependencyStatus {
  up: boolean;
  /** Why it is down, in words that name no address; null while up. */
  reason: string | null;
}

export type DependencyProbes = Record<Dependency, () => Promise<unknown>>;

export interface DependencyWatchOptions {
  /** How often the probes run while watching. */
  intervalMs: number;
  /** A probe that has not answered by then counts as down (a frozen connection). */
  timeoutMs: number;
}

export const DEFAULT_WATCH_OPTIONS: DependencyWatchOptions = { intervalMs: 500, timeoutMs: 1_000 };

/**
 * Knows whether PostgreSQL and Redis answer, by probing them every `intervalMs` on connections
 * that requests do not use (a saturated pool is not an outage). It logs one line per change
 * (lost, regained), so an outage is two log lines however many commands fail meanwhile, and
 * tells listeners at once when a dependency is lost, so that requests waiting on a frozen
 * connection can be answered 503 without waiting for their own timeouts.
 */
export class DependencyWatch {
  private readonly status = new Map<Dependency, DependencyStatus>();
  /** One per request in flight (the dependency gate): a ChurnList, not a Set (see there). */
  private readonly lostListeners = new ChurnList<(lost: Dependency) => void>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<Record<Dependency, DependencyStatus>> | undefined;

  constructor(
    private readonly probes: DependencyProbes,
    private readonly logger: Logger,
    private readonly opts: DependencyWatchOptions = DEFAULT_WATCH_OPTIONS,
  ) {}

  /** The dependencies known to be down right now (empty before the first check). */
  down(): Dependency[] {
    // Asked by every request (the dependency gate): one small array, no entry pairs.
    const down: Dependency[] = [];
    for (const [d, s] of this.status) if (!s.up) down.push(d);
    return down;
  }

  /** Calls `listener` whenever a dependency goes from up (or unknown) to down; returns the unsubscribe. */
  onLost(listener: (lost: Dependency) => void): () => void {
    return this.lostListeners.add(listener);
  }

  /** Probes every dependency now (joining a check already running) and returns the states. */
  check(): Promise<Record<Dependency, DependencyStatus>> {
    this.inFlight ??= this.probeAll().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async probeAll(): Promise<Record<Dependency, DependencyStatus>> {
    const names = Object.keys(this.probes) as Dependency[];
    const results = await Promise.allSettled(names.map((d) => withTimeout(this.probes[d](), this.opts.timeoutMs)));
    names.forEach((d, i) => {
      const r = results[i];
      this.update(d, r.status === 'fulfilled' ? { up: true, reason: null } : { up: false, reason: networkReason(r.reason) });
    });
    return Object.fromEntries(names.map((d) => [d, this.status.get(d)!])) as Record<Dependency, DependencyStatus>;
  }

  private update(dependency: Dependency, next: DependencyStatus): void {
    const before = this.status.get(dependency);
    this.status.set(dependency, next);
    if (before?.up === next.up) return;
    if (!next.up) {
      this.logger.warn(`${dependency} unreachable`, { dependency, reason: next.reason });
      for (const listener of this.lostListeners.values()) listener(dependency);
    } else if (before) {
      this.logger.info(`${dependency} reachable again`, { dependency });
    }
  }

  /**
   * Resolves once every dependency answers, probing every `intervalMs`; what it waits for is
   * logged once per change (a start-up never claims success while PostgreSQL or Redis is out).
   */
  async waitUntilUp(): Promise<void> {
    let waitingFor = '';
    for (;;) {
      await this.check();
      const down = this.down();
      if (!down.length) return;
      const now = down.join(', ');
      if (now !== waitingFor) {
        this.logger.warn('waiting for dependencies', { waitingFor: down });
        waitingFor = now;
      }
      await new Promise((resolve) => setTimeout(resolve, this.opts.intervalMs));
    }
  }

  /** Probes every `intervalMs` until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** Stops probing; resolves once a check under way has finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => undefined);
  }
}
