import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import net from 'node:net';
import {
  describeNetworkError,
  hostPort,
  NETWORK_ERROR_TEXTS,
  PRIVATE_TARGETS_HINT,
  resolveAllowed,
  stallSafeTimeout,
  type CheckResult,
  type Clock,
  type NetworkFailure,
  type OutboundPolicy,
  type StallSafeTimer,
} from '@vigil/core';
import type { Prober, SourceOptions } from '../prober.js';
import type { ProbeTargetOf } from '../probe-target.js';

type TcpTarget = ProbeTargetOf<'tcp'>;

/** A failure of one phase, tagged so the error text names the phase that timed out. */
class PhaseTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly phase: 'connect' | 'tls') {
    super(`${phase} timed out`);
  }
}

/**
 * tcp: resolve the host through the outbound guard (a private address is refused unless
 * VIGIL_ALLOW_PRIVATE_TARGETS), connect, and with `tls` complete a handshake (certificate
 * verified against `servername` or the host unless verify_tls is off). Response time is
 * connect (+ handshake) time, DNS excluded. The connection binds VIGIL_SOURCE_ADDRESS when set. Nothing is sent or read; the socket is closed at
 * once. Refused, reset and timed-out connections are named in the error.
 */
export function tcpProber(policy: OutboundPolicy, opts: SourceOptions = {}): Prober<'tcp'> {
  return { kind: 'pull', probe: (target, clock) => probeTcp(target, clock, policy, opts), close: () => undefined };
}

export async function probeTcp(target: TcpTarget, clock: Clock, policy: OutboundPolicy, opts: SourceOptions = {}): Promise<CheckResult> {
  const timestamp = clock.now().toISOString();
  const deadline = performance.now() + target.timeoutSeconds * 1000;
  const shown = `tcp://${hostPort(target.host, target.port)}`;
  try {
    const [address] = await withDeadline(resolveAllowed(target.host, policy), deadline, 'connect');
    const started = performance.now();
    const socket = await connect(address.address, target.port, deadline, opts.sourceAddress);
    try {
      const certificateExpiresAt = target.tls ? await handshake(socket, target, deadline) : null;
      const elapsed = Math.max(0, Math.round(performance.now() - started));
      return {
        timestamp,
        status: 'success',
        response_time_ms: elapsed,
        status_code: null,
        ...(certificateExpiresAt ? { certificate_expires_at: certificateExpiresAt } : {}),
      };
    } finally {
      socket.destroy();
    }
  } catch (e) {
    return { timestamp, status: 'failure', response_time_ms: null, status_code: null, error: tcpFailureText(e, shown, target.timeoutSeconds, policy) };
  }
}

/** Lookup failures that mean "no such name": worded as a name that resolves only inside is. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'ENONAME']);

/**
 * The error text of a failed tcp check (the network texts of http checks, timeouts by phase).
 * While private targets are not allowed, a name that resolves only to non-public addresses and
 * a name that does not exist get one text: the error must not tell a tenant that an internal
 * name exists. An IP literal the guard refuses is named as before (the tenant typed it).
 */
export function tcpFailureText(err: unknown, shown: string, timeoutSeconds: number, policy: OutboundPolicy): string {
  const where = shown.replace(/^tcp:\/\//, '');
  if (err instanceof PhaseTimeout) {
    return err.phase === 'tls' ? `TLS handshake with ${where} timed out after ${timeoutSeconds} s` : `Connection to ${where} timed out after ${timeoutSeconds} s`;
  }
  const noPublicAddress = (f: NetworkFailure) => `DNS lookup failed for ${f.hostname}: no such name or no public address (ENOTFOUND)${PRIVATE_TARGETS_HINT}`;
  const hidden = (f: NetworkFailure) => net.isIP(f.hostname.replace(/^\[|\]$/g, '')) === 0;
  return describeNetworkError(err, shown, {
    other: (f) => `Connection to ${where} failed: ${f.message}`,
    ...(policy.allowPrivate ? {} : {
      blocked: (f) => (hidden(f) ? noPublicAddress(f) : f.message),
      dns: (f) => (hidden(f) && NO_SUCH_NAME.has(f.code ?? '') ? noPublicAddress(f) : NETWORK_ERROR_TEXTS.dns(f)),
    }),
  });
}

/** `work` or a PhaseTimeout at `deadline` (stall-safe: a connection made in time wins after an event-loop stall). */
function withDeadline<T>(work: Promise<T>, deadline: number, phase: 'connect' | 'tls'): Promise<T> {
  let timer: StallSafeTimer | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = stallSafeTimeout(() => reject(new PhaseTimeout(phase)), Math.max(0, deadline - performance.now()));
  });
  return Promise.race([work, late]).finally(() => timer?.clear());
}

function connect(address: string, port: number, deadline: number, localAddress: string | undefined): Promise<net.Socket> {
  const socket = net.connect({ host: address, port, ...(localAddress !== undefined ? { localAddress } : {}) });
  const connected = new Promise<net.Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
  return withDeadline(connected, deadline, 'connect').catch((e: unknown) => {
    socket.destroy();
    throw e;
  });
}

/** Completes a TLS handshake on the connected socket; the peer certificate's expiry (ISO), or null. */
function handshake(socket: net.Socket, target: TcpTarget, deadline: number): Promise<string | null> {
  const name = target.servername ?? target.host;
  const secure = tls.connect({
    socket,
    servername: net.isIP(name) ? undefined : name,
    host: name,
    rejectUnauthorized: target.verify_tls,
  });
  const done = new Promise<string | null>((resolve, reject) => {
    secure.once('secureConnect', () => {
      const validTo = secure.getPeerCertificate().valid_to;
      const expires = validTo ? new Date(validTo) : null;
      resolve(expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : null);
    });
    secure.once('error', reject);
  });
  return withDeadline(done, deadline, 'tls').finally(() => secure.destroy());
}
