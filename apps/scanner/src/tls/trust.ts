/**
 * Chain verification without a handshake, for servers Node's OpenSSL cannot talk to (SSLv3,
 * SSLv2, export or RC4 only): the certificates the raw handshake received are checked against
 * Node's root store plus NODE_EXTRA_CA_CERTS, with OpenSSL's error codes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

let anchors: crypto.X509Certificate[] | null = null;

function trustAnchors(): crypto.X509Certificate[] {
  if (anchors) return anchors;
  const pems = [...tls.rootCertificates];
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (extra) {
    try {
      const text = fs.readFileSync(extra, 'utf8');
      pems.push(...(text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []));
    } catch {
      // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS; so do we, by ignoring it.
    }
  }
  anchors = pems.flatMap((p) => {
    try {
      return [new crypto.X509Certificate(p)];
    } catch {
      return [];
    }
  });
  return anchors;
}

function issuedBy(cert: crypto.X509Certificate, issuer: crypto.X509Certificate): boolean {
  if (!cert.checkIssued(issuer)) return false;
  try {
    return cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

function dateError(cert: crypto.X509Certificate, now: Date): string | null {
  if (now < new Date(cert.validFrom)) return 'CERT_NOT_YET_VALID';
  if (now > new Date(cert.validTo)) return 'CERT_HAS_EXPIRED';
  return null;
}

/** Verifies leaf-first DER certificates; returns OpenSSL-style error codes. */
export function verifyChain(ders: Buffer[], now: Date = new Date()): { trusted: boolean; error: string | null } {
  if (!ders.length) return { trusted: false, error: 'NO_CERTIFICATE' };
  const certs = ders.flatMap((d) => {
    try {
      return [new crypto.X509Certificate(d)];
    } catch {
      return [];
    }
  });
  if (certs.length !== ders.length) return { trusted: false, error: 'UNABLE_TO_DECODE_CERT' };
  const roots = trustAnchors();
  let current = certs[0];
  const used = new Set<crypto.X509Certificate>([current]);
  for (let depth = 0; depth < 10; depth++) {
    const dates = dateError(current, now);
    if (dates) return { trusted: false, error: dates };
    const anchor = roots.find((r) => issuedBy(current, r));
    if (anchor) return { trusted: true, error: null };
    const next = certs.find((c) => !used.has(c) && issuedBy(current, c));
    if (!next) {
      if (issuedBy(current, current))
        return { trusted: false, error: depth === 0 ? 'DEPTH_ZERO_SELF_SIGNED_CERT' : 'SELF_SIGNED_CERT_IN_CHAIN' };
      return { trusted: false, error: depth === 0 ? 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' : 'UNABLE_TO_GET_ISSUER_CERT' };
    }
    used.add(next);
    current = next;
  }
  return { trusted: false, error: 'CERT_CHAIN_TOO_LONG' };
}

/** Whether the certificate covers the host (DNS name or IP address). */
export function coversHost(der: Buffer, host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  try {
    const cert = new crypto.X509Certificate(der);
    return net.isIP(bare) ? cert.checkIP(bare) !== undefined : cert.checkHost(bare.replace(/\.$/, '')) !== undefined;
  } catch {
    return false;
  }
}
