/**
 * One handshake through Node's TLS, for what OpenSSL does best: the verified chain and trust
 * (Node's CA store, NODE_EXTRA_CA_CERTS included), hostname match, OCSP stapling, ALPN.
 * The socket comes from connectGuarded, so policy applies.
 */
import net from 'node:net';
import tls from 'node:tls';
import { connectGuarded, stallSafeTimeout, type OutboundPolicy } from '@vigil/core';
import type { Deadline } from './deadline.js';

export interface NodeTlsInfo {
  /** Leaf first, then the chain as OpenSSL verified/built it (root included when found). */
  chain: Buffer[];
  trusted: boolean;
  /** OpenSSL verification code, null when trusted. */
  trustError: string | null;
  hostnameMatch: boolean;
  ocspStapling: boolean;
  alpn: string | null;
  protocol: string | null;
}

export interface TlsTarget {
  /** Name the user asked for: SNI and hostname check. */
  host: string;
  /** The address the scan connects to (already checked by policy). */
  ip: string;
  port: number;
  policy: OutboundPolicy;
  /** Per connection (connect and answer). */
  timeoutMs: number;
  /** The whole scan's budget: no connection outlives it. */
  deadline: Deadline;
}

/** A connection's timeout: its own budget, cut to what is left of the scan's. */
export function connectionTimeout(t: Pick<TlsTarget, 'timeoutMs' | 'deadline'>): number {
  return Math.max(1, Math.min(t.timeoutMs, t.deadline.remainingMs()));
}

export function sniFor(host: string): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  return net.isIP(bare) ? undefined : bare.replace(/\.$/, '');
}

function peerChain(socket: tls.TLSSocket): { ders: Buffer[]; leaf: tls.PeerCertificate | null } {
  const leaf = socket.getPeerCertificate(true);
  if (!leaf || !leaf.raw) return { ders: [], leaf: null };
  const ders: Buffer[] = [];
  const seen = new Set<string>();
  let cur: tls.DetailedPeerCertificate | undefined = leaf;
  while (cur?.raw && !seen.has(cur.fingerprint256)) {
    seen.add(cur.fingerprint256);
    ders.push(cur.raw);
    cur = cur.issuerCertificate;
  }
  return { ders, leaf };
}

/** Node's error code for a certificate that does not cover the name asked for. */
const HOSTNAME_MISMATCH = 'ERR_TLS_CERT_ALTNAME_INVALID';

/**
 * Chain trust from Node's verdict. Node folds the hostname check into `authorized` (a trusted
 * chain for another name is ERR_TLS_CERT_ALTNAME_INVALID); the report keeps the two apart, as
 * `hostname_match` is judged on its own.
 */
export function chainVerdict(authorized: boolean, errorCode: string | null): { trusted: boolean; trustError: string | null } {
  if (authorized || errorCode === HOSTNAME_MISMATCH) return { trusted: true, trustError: null };
  return { trusted: false, trustError: errorCode ?? 'UNKNOWN' };
}

/** Handshakes with Node's TLS; null when Node's OpenSSL cannot talk to the server at all. */
export async function inspectWithNode(t: TlsTarget): Promise<NodeTlsInfo | null> {
  const { signal } = t.deadline;
  if (signal.aborted) return null;
  const raw = await connectGuarded(t.ip, t.port, t.policy, connectionTimeout(t));
  return await new Promise<NodeTlsInfo | null>((resolve) => {
    let ocsp = false;
    // requestOCSP is handed to the TLSSocket by tls.connect at run time; @types/node omits it.
    const options: tls.ConnectionOptions & { requestOCSP: boolean } = {
      socket: raw,
      servername: sniFor(t.host),
      rejectUnauthorized: false,
      requestOCSP: true,
      ALPNProtocols: ['h2', 'http/1.1'],
      minVersion: 'TLSv1',
      ciphers: 'ALL:@SECLEVEL=0',
    };
    const socket = tls.connect(options);
    const abort = () => finish(null);
    const finish = (info: NodeTlsInfo | null) => {
      timer.clear();
      signal.removeEventListener('abort', abort);
      socket.destroy();
      raw.destroy();
      resolve(info);
    };
    // Stall-safe: after an event-loop stall, a handshake that completed in time is read first.
    const timer = stallSafeTimeout(() => finish(null), connectionTimeout(t));
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) abort();
    socket.on('OCSPResponse', (response: Buffer | undefined) => {
      ocsp = Boolean(response && response.length);
    });
    socket.once('error', () => finish(null));
    socket.once('secureConnect', () => {
      const { ders, leaf } = peerChain(socket);
      const authError = socket.authorizationError as unknown as Error | string | null | undefined;
      const verdict = chainVerdict(socket.authorized, authError ? String((authError as { code?: string }).code ?? authError) : null);
      const hostname = t.host.replace(/^\[|\]$/g, '');
      finish({
        chain: ders,
        ...verdict,
        hostnameMatch: leaf ? tls.checkServerIdentity(hostname, leaf) === undefined : false,
        ocspStapling: ocsp,
        alpn: socket.alpnProtocol || null,
        protocol: socket.getProtocol(),
      });
    });
  });
}
