/** Test certificates, generated with @peculiar/x509 on Node's webcrypto (tests only). */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's webcrypto is the WebCrypto API x509 expects; the DOM type names differ in @types/node.
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type KeyPair = webcrypto.CryptoKeyPair;
type KeyAlgorithm = webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams;

export interface TestCert {
  certPem: string;
  keyPem: string;
  der: Buffer;
}

export interface CertOptions {
  cn?: string;
  sans?: { type: 'dns' | 'ip'; value: string }[];
  /** RSA modulus bits; ignored with `ec`. */
  rsaBits?: number;
  /** EC curve instead of RSA. */
  ec?: 'P-256' | 'P-384';
  notBefore?: Date;
  notAfter?: Date;
  hash?: 'SHA-1' | 'SHA-256' | 'SHA-384';
  /** Signed by this CA; self-signed when absent. */
  issuer?: TestCa;
  isCa?: boolean;
}

export interface TestCa extends TestCert {
  keys: KeyPair;
  cert: x509.X509Certificate;
  signingAlgorithm: KeyAlgorithm;
}

const DAY = 86_400_000;
let serial = 1;

function toPem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${b64}${b64.endsWith('\n') ? '' : '\n'}-----END ${label}-----\n`;
}

export async function makeCert(o: CertOptions = {}): Promise<TestCa> {
  const hash = o.hash ?? 'SHA-256';
  const alg: KeyAlgorithm = o.ec
    ? { name: 'ECDSA', namedCurve: o.ec }
    : { name: 'RSASSA-PKCS1-v1_5', hash, publicExponent: new Uint8Array([1, 0, 1]), modulusLength: o.rsaBits ?? 2048 };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as KeyPair;
  const cn = o.cn ?? 'localhost';
  const extensions: x509.Extension[] = [
    new x509.SubjectAlternativeNameExtension(o.sans ?? [{ type: 'dns', value: 'localhost' }, { type: 'ip', value: '127.0.0.1' }]),
  ];
  if (o.isCa) {
    extensions.push(new x509.BasicConstraintsExtension(true, undefined, true));
    extensions.push(new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true));
  }
  const notBefore = o.notBefore ?? new Date(Date.now() - DAY);
  const notAfter = o.notAfter ?? new Date(Date.now() + 90 * DAY);
  const serialNumber = (serial++).toString(16).padStart(2, '0');
  const signingAlgorithm = { ...(o.issuer?.signingAlgorithm ?? alg), hash };
  const cert = o.issuer
    ? await x509.X509CertificateGenerator.create({
        serialNumber,
        subject: `CN=${cn}`,
        issuer: o.issuer.cert.subject,
        notBefore,
        notAfter,
        signingAlgorithm,
        publicKey: keys.publicKey,
        signingKey: o.issuer.keys.privateKey,
        extensions,
      })
    : await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber,
        name: `CN=${cn}`,
        notBefore,
        notAfter,
        signingAlgorithm,
        keys,
        extensions,
      });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    certPem: cert.toString('pem') + '\n',
    keyPem: toPem('PRIVATE KEY', pkcs8),
    der: Buffer.from(cert.rawData),
    keys,
    cert,
    signingAlgorithm: alg,
  };
}
