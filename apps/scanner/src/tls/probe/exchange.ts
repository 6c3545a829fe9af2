/**
 * One raw probe: connect (through connectGuarded), send a ClientHello, read until the answer
 * is complete, the peer closes, or the timeout; then close. Connection failures reject with the
 * socket error; everything after the connect resolves to an outcome.
 */
import { connectGuarded } from '@vigil/core';
import type { TlsTarget } from '../node-tls.js';
import { parseServerFlight, type ServerFlight } from '../wire/server-response.js';

export type ProbeOutcome = ServerFlight | { kind: 'closed' } | { kind: 'timeout' };

export type Exchanger = (hello: Buffer, opts?: { untilServerHello?: boolean }) => Promise<ProbeOutcome>;

/** A bounded-parallelism gate: at most `limit` tasks run at once. */
export function createLimiter(limit: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start) {
      active++;
      start();
    }
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}

export function createExchanger(t: TlsTarget, parallel: number): Exchanger {
  const limit = createLimiter(parallel);
  return (hello, opts = {}) =>
    limit(async () => {
      const socket = await connectGuarded(t.ip, t.port, t.policy, t.timeoutMs);
      return await new Promise<ProbeOutcome>((resolve) => {
        const chunks: Buffer[] = [];
        let settled = false;
        const finish = (outcome: ProbeOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          resolve(outcome);
        };
        const partial = (fallback: ProbeOutcome): ProbeOutcome => {
          const { flight } = parseServerFlight(Buffer.concat(chunks), opts);
          return flight ?? fallback;
        };
        const timer = setTimeout(() => finish(partial({ kind: 'timeout' })), t.timeoutMs);
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          const parsed = parseServerFlight(Buffer.concat(chunks), opts);
          if (parsed.complete && parsed.flight) finish(parsed.flight);
        });
        socket.on('error', () => finish(partial({ kind: 'closed' })));
        socket.on('close', () => finish(partial({ kind: 'closed' })));
        socket.write(hello);
      });
    });
}
