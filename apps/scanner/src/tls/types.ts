/**
 * The shapes of the TLS scanner: the facts a scan gathers (input of the pure grader). The grade
 * and the JSON report that the scans API stores and serves are defined once in @vigil/core
 * (TypeBox schemas, also the API's documented response). Report fields are snake_case.
 */
import type {
  CertificateReport,
  CipherSuitesByProtocol,
  EphemeralKey,
  HstsReport,
  LeafCertificateReport,
  TlsGradeLetter,
  TlsProtocolName,
} from '@vigil/core';

export type {
  CategoryScores,
  CertificateReport,
  EphemeralKey,
  GradeCap,
  HstsReport,
  LeafCertificateReport,
  SuiteReport,
  TlsGrade,
  TlsScanReport,
} from '@vigil/core';

export const PROTOCOLS = ['SSLv2', 'SSLv3', 'TLSv1.0', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const satisfies readonly TlsProtocolName[];
export type ProtocolName = TlsProtocolName;

export type Grade = TlsGradeLetter;

/** Everything the grader needs, and nothing it has to look up. */
export interface TlsFacts {
  /** Supported protocols. */
  protocols: ProtocolName[];
  /** Accepted suites per supported protocol, in the server's preference order. */
  cipher_suites: CipherSuitesByProtocol;
  /** Whether the server picks by its own order; null when it could not be told (one suite). */
  server_cipher_order: boolean | null;
  /** The leaf certificate's key, null when the server sent none (anonymous suites only). */
  certificate_key: { type: string; bits: number; curve: string | null } | null;
  ephemeral_keys: EphemeralKey[];
  /** null when fewer than two protocols are supported. */
  fallback_scsv: boolean | null;
  /** null when no protocol below TLS 1.3 is supported. */
  secure_renegotiation: boolean | null;
  ocsp_stapling: boolean;
  alpn: string | null;
  hsts: HstsReport;
  certificate: LeafCertificateReport | null;
  /** The certificates after the leaf, as sent. */
  chain: CertificateReport[];
  /** ISO time of the scan: validity is judged against it (keeps the grader pure). */
  scanned_at: string;
}
