/**
 * SQL expression for a row `d` of domains: the latest completed scan's verdict on its
 * certificate chain (report.certificate.trusted), null before any scan saw a certificate.
 */
export const CERTIFICATE_TRUSTED_SQL = `(SELECT (s.report->'certificate'->>'trusted')::boolean FROM scans s
  WHERE s.domain_id = d.id AND s.status = 'completed' AND jsonb_typeof(s.report->'certificate') = 'object'
  ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`;
