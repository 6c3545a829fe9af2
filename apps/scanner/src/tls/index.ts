/** The TLS scanning engine: scanTls (probe + grade) and the pure grader. */
export { scanTls, type ScanTlsOptions } from './scan.js';
export { gradeTls, HSTS_MIN_MAX_AGE, preferredForwardSecrecy, rsaEquivalentBits, supportsAead } from './grade.js';
export { describeCertificate } from './certificate.js';
export { parseHsts } from './hsts.js';
export { CIPHER_SUITES, suiteById, suiteReport, type CipherSuite } from './cipher-suites.js';
export * from './types.js';
