import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { leaseBox, leaseSecretOf, systemClock, type AgentLease, type Clock, type Logger } from '@vigil/core';
import { createOneShotProbe, type OneShotProbe } from '../probe/one-shot.js';
import type { ProbeTarget } from '../probe/probe-target.js';
import { AgentApiError, agentApi } from './agent-api.js';
import { InFlight } from './in-flight.js';
import { RESULTS_PER_POST, ResultOutbox } from './result-outbox.js';

export interface AgentOptions {
  /** VIGIL_API_URL: where the API is (https://, or http:// on loopback). */
  apiUrl: string;
  /** VIGIL_AGENT_KEY: the location's agent key. */
  agentKey: string;
  /** VIGIL_SOURCE_ADDRESS: the local address the probes' connections bind to. */
  sourceAddress?: string;
  version: string;
  logger: Logger;
  clock?: Clock;
  /** Checks probed at once (default 50). */
  concurrency?: number;
  /** Results kept while the API is unreachable (default 10,000). */
  bufferLimit?: number;
  /** Long-poll wait per lease request, seconds (default 20). */
  waitSeconds?: number;
}

export interface Agent {
  start(): Promise<void>;
  /** Stops polling, finishes the probes in flight and posts what it can within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Results not delivered yet. */
  buffered(): number;
}

const BACKOFF_MS = [500, 1_000, 2_000, 5_000];
/** How long the sender lets results gather while probes are still in flight (fewer, larger posts). */
export const RESULT_GATHER_MS = 100;

/**
 * `vigil agent` (docs/agents.md): a stateless prober of one private location. It holds one key
 * and talks HTTPS to the API only: it leases due runs (long poll), opens each run's target with
 * the lease secret derived from its key, probes it with the checker's own probers under the
 * location's guard policy (public addresses, plus the private networks in `allowed_cidrs`), and
 * posts the results. Results wait in a bounded outbox while the API is unreachable and are
 * posted again, idempotent by lease id, when it answers. No database, Redis or deployment secret.
 */
export function createAgent(opts: AgentOptions): Agent {
  const api = agentApi(opts.apiUrl, opts.agentKey);
  const opener = leaseBox(leaseSecretOf(opts.agentKey));
  const clock = opts.clock ?? systemClock;
  const concurrency = opts.concurrency ?? 50;
  // Leases are asked for in batches: while probes are in flight, only once half the slots are free.
  const leaseBatch = Math.max(1, Math.floor(concurrency / 2));
  const outbox = new ResultOutbox(opts.bufferLimit ?? 10_000);
  const agentId = `${hostname().replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 48)}.${process.pid}`;
  const abort = new AbortController();
  const inFlight = new InFlight();
  let probers: { cidrs: string; probe: OneShotProbe } | null = null;
  let loops: Promise<void>[] = [];
  let stopping = false;
  let wakeSender: (() => void) | null = null;

  /** The probers of the location's guard policy (made again when allowed_cidrs change). */
  const probersFor = (cidrs: string[]): OneShotProbe => {
    const key = JSON.stringify(cidrs);
    if (probers?.cidrs !== key) {
      probers?.probe.close();
      probers = { cidrs: key, probe: createOneShotProbe(cidrs, opts.sourceAddress !== undefined ? { sourceAddress: opts.sourceAddress } : {}) };
    }
    return probers.probe;
  };

  const run = async (lease: AgentLease, location: string, p: OneShotProbe) => {
    let target: ProbeTarget;
    try {
      target = opener.openJson<ProbeTarget>(lease.sealed_target);
    } catch {
      // Sealed to another key (rotated away): the lease expires and is re-issued to a current agent.
      opts.logger.warn('lease target could not be opened with this key', { leaseId: lease.lease_id });
      return;
    }
    const probing = p.probe(target, clock);
    if (!probing) return;
    outbox.add({ lease_id: lease.lease_id, location, result: await probing });
    wakeSender?.();
  };

  const pollLoop = async () => {
    let failures = 0;
    while (!stopping) {
      const free = concurrency - inFlight.size;
      if (inFlight.size > 0 && free < leaseBatch) {
        await inFlight.next();
        continue;
      }
      try {
        const answer = await api.lease({ agent_id: agentId, version: opts.version, max: Math.min(free, 50), wait_seconds: opts.waitSeconds ?? 20 }, abort.signal);
        failures = 0;
        const p = probersFor(answer.location.allowed_cidrs);
        for (const lease of answer.leases) {
          const probing = run(lease, answer.location.name, p).catch((e: unknown) => {
            opts.logger.error('probe failed', { leaseId: lease.lease_id, error: (e as Error).message });
          });
          inFlight.track(probing);
        }
      } catch (e) {
        if (stopping) break;
        if (e instanceof AgentApiError && !e.retry) opts.logger.error('lease request refused', { status: e.status, error: e.message });
        else opts.logger.warn('API unreachable; polling again', { error: (e as Error).message });
        await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)]).catch(() => undefined);
      }
    }
  };

  const sendLoop = async () => {
    let failures = 0;
    while (!stopping || outbox.size) {
      if (!outbox.size) {
        await new Promise<void>((resolve) => (wakeSender = resolve));
        wakeSender = null;
        // More results are on their way: let them join this post.
        if (!stopping && inFlight.size > 0 && outbox.size < RESULTS_PER_POST) await sleep(RESULT_GATHER_MS);
        continue;
      }
      const batch = outbox.peek();
      try {
        await api.postResults(batch);
        outbox.delivered(batch);
        failures = 0;
      } catch (e) {
        if (e instanceof AgentApiError && !e.retry) {
          // Refused as a whole (malformed, or a location the key does not have): posting again cannot help.
          opts.logger.error('results refused', { status: e.status, error: e.message, results: batch.length });
          outbox.delivered(batch);
          continue;
        }
        if (stopping) return;
        opts.logger.warn('results not posted; kept for later', { error: (e as Error).message, buffered: outbox.size });
        await sleep(BACKOFF_MS[Math.min(failures++, BACKOFF_MS.length - 1)]);
      }
    }
  };

  return {
    async start() {
      loops = [pollLoop(), sendLoop()];
      opts.logger.info('vigil started', { apps: ['agent'], agentId, version: opts.version });
    },
    async stop(graceMs = 10_000) {
      stopping = true;
      abort.abort();
      await inFlight.drained();
      wakeSender?.();
      await Promise.race([Promise.all(loops), sleep(graceMs)]);
      probers?.probe.close();
      if (outbox.size) opts.logger.warn('agent stopped with results not posted', { buffered: outbox.size });
    },
    buffered: () => outbox.size,
  };
}
