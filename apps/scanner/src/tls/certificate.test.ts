import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeCertificate } from './certificate.js';
import { makeCert } from './testing/certs.js';

/** A certificate made by the openssl CLI (it can still sign with MD5). */
function opensslCert(args: string[]): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-cert-'));
  try {
    const out = path.join(dir, 'cert.der');
    execFileSync('openssl', ['req', '-x509', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-days', '30', '-outform', 'DER', '-out', out, ...args], {
      stdio: 'ignore',
    });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('describeCertificate', () => {
  it('describes an RSA certificate', async () => {
    const notBefore = new Date('2026-01-01T00:00:00Z');
    const notAfter = new Date('2027-01-01T00:00:00Z');
    const cert = await makeCert({ cn: 'example.com', sans: [{ type: 'dns', value: 'example.com' }, { type: 'dns', value: 'www.example.com' }], notBefore, notAfter });
    expect(describeCertificate(cert.der)).toEqual({
      subject: 'CN=example.com',
      issuer: 'CN=example.com',
      valid_from: '2026-01-01T00:00:00.000Z',
      valid_to: '2027-01-01T00:00:00.000Z',
      serial_number: cert.cert.serialNumber,
      fingerprint_sha256: crypto.createHash('sha256').update(cert.der).digest('hex'),
      sans: ['example.com', 'www.example.com'],
      key_type: 'RSA',
      key_size: 2048,
      key_curve: null,
      signature_algorithm: 'sha256WithRSAEncryption',
      signature_hash: 'sha256',
      self_signed: true,
    });
  });

  it('describes EC keys and ECDSA signatures', async () => {
    const p384 = describeCertificate((await makeCert({ ec: 'P-384', hash: 'SHA-384' })).der);
    expect(p384).toMatchObject({ key_type: 'EC', key_size: 384, key_curve: 'P-384', signature_algorithm: 'ecdsa-with-SHA384', signature_hash: 'sha384' });
    const p256 = describeCertificate((await makeCert({ ec: 'P-256' })).der);
    expect(p256).toMatchObject({ key_type: 'EC', key_size: 256, key_curve: 'P-256', signature_algorithm: 'ecdsa-with-SHA256' });
  });

  it('detects SHA-1 and MD5 signatures', async () => {
    expect(describeCertificate((await makeCert({ hash: 'SHA-1' })).der)).toMatchObject({ signature_algorithm: 'sha1WithRSAEncryption', signature_hash: 'sha1' });
    const md5 = opensslCert(['-newkey', 'rsa:1024', '-md5', '-subj', '/CN=md5.example']);
    expect(describeCertificate(md5)).toMatchObject({
      subject: 'CN=md5.example',
      signature_algorithm: 'md5WithRSAEncryption',
      signature_hash: 'md5',
      key_size: 1024,
      sans: [],
    });
  });

  it('describes an Ed25519 key and a CA-issued certificate', async () => {
    const ed = describeCertificate(opensslCert(['-newkey', 'ed25519', '-subj', '/CN=ed.example']));
    expect(ed).toMatchObject({ key_type: 'Ed25519', signature_algorithm: 'Ed25519', signature_hash: null, self_signed: true });
    const ca = await makeCert({ cn: 'Issuing CA', isCa: true });
    const leaf = describeCertificate((await makeCert({ cn: 'leaf.example', issuer: ca })).der);
    expect(leaf).toMatchObject({ subject: 'CN=leaf.example', issuer: 'CN=Issuing CA', self_signed: false });
  });
});
