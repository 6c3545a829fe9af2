/**
 * One raw probe: connect (through connectGuarded), send a ClientHello, read until the answer
 * is complete (or past FLIGHT_LIMITS), the peer closes, or the timeout; then close. Connection
 * failures reject with the socket error, and the scan's deadline with its error; everything
 * else resolves to an outcome.
 */
import { connectGuarded, createLimiter, stallSafeTimeout } from '@vigil/core';
import { connectionTimeout, type TlsTarget } from '../node-tls.js';
import { ServerFlightParser, type ServerFlight } from '../wire/server-response.js';

export type ProbeOutcome = ServerFlight | { kind: 'closed' } | { kind: 'timeout' };

export type Exchanger = (hello: Buffer, opts?: { untilServerHello?: boolean }) => Promise<ProbeOutcome>;

export function createExchanger(t: TlsTarget, parallel: number): Exchanger {
  const limit = createLimiter(parallel);
  return (hello, opts = {}) =>
    limit(async () => {
      const { signal } = t.deadline;
      if (signal.aborted) throw signal.reason;
      const socket = await connectGuarded(t.ip, t.port, t.policy, connectionTimeout(t));
      return await new Promise<ProbeOutcome>((resolve, reject) => {
        const parser = new ServerFlightParser(opts);
        let settled = false;
        const end = () => {
          settled = true;
          timer.clear();
          signal.removeEventListener('abort', abort);
          socket.destroy();
        };
        const finish = (fallback: ProbeOutcome) => {
          if (settled) return;
          end();
          resolve(parser.result().flight ?? fallback);
        };
        const abort = () => {
          if (settled) return;
          end();
          reject(signal.reason);
        };
        // Stall-safe: after an event-loop stall, a flight that arrived in time is read first.
        const timer = stallSafeTimeout(() => finish({ kind: 'timeout' }), connectionTimeout(t));
        signal.addEventListener('abort', abort, { once: true });
        if (signal.aborted) return abort();
        socket.on('data', (chunk: Buffer) => {
          if (parser.push(chunk).complete) finish({ kind: 'closed' });
        });
        socket.on('error', () => finish({ kind: 'closed' }));
        socket.on('close', () => finish({ kind: 'closed' }));
        socket.write(hello);
      });
    });
}
