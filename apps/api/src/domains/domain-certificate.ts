import { domainCertificateRow, NotFoundError, daysUntilExpiry, type Context, type StoredCertificate } from '@vigil/core';
import { parseId } from '../http/validate.js';
import type { DomainCertificateChainView, DomainCertificateView } from './domain.schema.js';
import { DOMAIN_NOT_FOUND } from './find-own-domain.js';

/**
 * The caller's domain by path id (404 Domain not found as findOwnDomain answers it) with the
 * newest completed scan that saw a certificate (null before any): one statement.
 */
async function ownDomainCertificate(ctx: Context, accountId: number, rawId: string | string[] | undefined, withChain: boolean) {
  const row = await domainCertificateRow(ctx.db, accountId, parseId(rawId, DOMAIN_NOT_FOUND), withChain);
  if (!row) throw new NotFoundError(DOMAIN_NOT_FOUND);
  return row;
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
export async function domainCertificate(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<DomainCertificateView> {
  const domain = await ownDomainCertificate(ctx, accountId, rawId, false);
  const latest = domain.scan;
  if (!latest) throw new NotFoundError('Certificate not found');
  const c = latest.leaf;
  return {
    domain_id: domain.id,
    hostname: domain.hostname,
    port: domain.port,
    scan_id: latest.id,
    scanned_at: latest.completedAt.toISOString(),
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
export async function domainCertificateChain(ctx: Context, accountId: number, rawId: string | string[] | undefined): Promise<DomainCertificateChainView> {
  const domain = await ownDomainCertificate(ctx, accountId, rawId, true);
  const latest = domain.scan;
  if (!latest) throw new NotFoundError('Certificate chain not found');
  const all = [latest.leaf, ...latest.chain];
  return {
    domain_id: domain.id,
    hostname: domain.hostname,
    port: domain.port,
    scan_id: latest.id,
    scanned_at: latest.completedAt.toISOString(),
    trusted: latest.leaf.trusted ?? null,
    chain: all.map((c, position) => ({
      position,
      role: position === 0 ? ('leaf' as const) : c.self_signed ? ('root' as const) : ('intermediate' as const),
      ...certificateBase(c),
    })),
  };
}
