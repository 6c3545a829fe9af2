import { latestCertificateScan, NotFoundError, daysUntilExpiry, type Context, type Domain, type StoredCertificate } from '@vigil/core';
import type { DomainCertificateChainView, DomainCertificateView } from './domain.schema.js';

interface LatestCertificate {
  scanId: number;
  scannedAt: Date;
  leaf: StoredCertificate;
  chain: StoredCertificate[];
}

/** The newest completed scan of the domain that saw a certificate; null before any. */
async function latestCertificate(ctx: Context, domain: Domain): Promise<LatestCertificate | null> {
  const scan = await latestCertificateScan(ctx.db, domain);
  return scan ? { scanId: scan.id, scannedAt: scan.completedAt, leaf: scan.leaf, chain: scan.chain } : null;
}

function certificateBase(c: StoredCertificate) {
  return {
    subject: c.subject,
    issuer: c.issuer,
    valid_from: c.valid_from,
    valid_to: c.valid_to,
    serial_number: c.serial_number,
    fingerprint_sha256: c.fingerprint_sha256,
    key_type: c.key_type ?? null,
    key_size: c.key_size ?? null,
    signature_algorithm: c.signature_algorithm ?? null,
    self_signed: c.self_signed ?? null,
  };
}

/**
 * GET /domains/{id}/certificate: the leaf of the latest scan in detail (plus SANs, key type
 * and size, signature algorithm, trust and hostname match). 404 "Certificate not found"
 * before any scan has seen one.
 */
export async function domainCertificate(ctx: Context, domain: Domain): Promise<DomainCertificateView> {
  const latest = await latestCertificate(ctx, domain);
  if (!latest) throw new NotFoundError('Certificate not found');
  const c = latest.leaf;
  return {
    domain_id: domain.id,
    hostname: domain.hostname,
    port: domain.port,
    scan_id: latest.scanId,
    scanned_at: latest.scannedAt.toISOString(),
    certificate: {
      ...certificateBase(c),
      sans: c.sans ?? [],
      key_curve: c.key_curve ?? null,
      trusted: c.trusted ?? null,
      trust_error: c.trust_error ?? null,
      hostname_match: c.hostname_match ?? null,
      days_until_expiry: daysUntilExpiry(new Date(c.valid_to), ctx.clock.now()),
    },
  };
}

/**
 * GET /domains/{id}/certificate/chain: the certificates as the server sent them, leaf first,
 * each with its role. 404 "Certificate chain not found" before any scan has chain data.
 */
export async function domainCertificateChain(ctx: Context, domain: Domain): Promise<DomainCertificateChainView> {
  const latest = await latestCertificate(ctx, domain);
  if (!latest) throw new NotFoundError('Certificate chain not found');
  const all = [latest.leaf, ...latest.chain];
  return {
    domain_id: domain.id,
    hostname: domain.hostname,
    port: domain.port,
    scan_id: latest.scanId,
    scanned_at: latest.scannedAt.toISOString(),
    trusted: latest.leaf.trusted ?? null,
    chain: all.map((c, position) => ({
      position,
      role: position === 0 ? ('leaf' as const) : c.self_signed ? ('root' as const) : ('intermediate' as const),
      ...certificateBase(c),
    })),
  };
}
