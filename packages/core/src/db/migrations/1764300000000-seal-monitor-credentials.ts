import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../../config/config.js';
import { openMonitorSecrets, sealMonitorSecrets } from '../../monitors/monitor-credentials.js';
import { parseMonitorUrl, storedNormalizedUrl } from '../../monitors/monitor-url.js';
import { createSecretBox, type SecretBox } from '../../security/secret-box.js';

const BATCH = 500;

interface Row {
  id: number;
  url: string;
  headers: Record<string, string> | null;
  credentials: string | null;
}

/**
 * Monitor credentials at rest: the URL's user info and the header values move, sealed, into
 * `credentials`; `url` and `headers` keep their masked form and `normalized_url` a keyed hash
 * of the user info. Sealed with VIGIL_SECRET_KEY of the environment that migrates (the key the
 * apps use).
 */
export class SealMonitorCredentials1764300000000 implements MigrationInterface {
  name = 'SealMonitorCredentials1764300000000';

  constructor(private readonly secretKey: () => string = () => loadConfig().secretKey) {}

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors ADD COLUMN IF NOT EXISTS credentials text`);
    await q.query(`SET LOCAL statement_timeout = 0`);
    const box = createSecretBox(this.secretKey());
    for (let after = 0; ; ) {
      const rows = (await q.query(
        `SELECT id, url, headers, credentials FROM monitors
          WHERE id > $1 AND credentials IS NULL AND (url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#\\\\]*@' OR headers <> '{}'::jsonb)
          ORDER BY id LIMIT ${BATCH}`,
        [after],
      )) as Row[];
      if (!rows.length) break;
      for (const r of rows) await seal(q, box, r);
      after = rows[rows.length - 1].id;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL statement_timeout = 0`);
    const box = createSecretBox(this.secretKey());
    const rows = (await q.query(`SELECT id, url, headers, credentials FROM monitors WHERE credentials IS NOT NULL`)) as Row[];
    for (const r of rows) {
      const clear = openMonitorSecrets(box, { url: r.url, headers: r.headers ?? {}, credentials: r.credentials });
      const normalized = parseMonitorUrl(clear.url)?.normalized ?? clear.url;
      await q.query(`UPDATE monitors SET url = $2, headers = $3, normalized_url = $4 WHERE id = $1`, [r.id, clear.url, clear.headers, normalized]);
    }
    await q.query(`ALTER TABLE monitors DROP COLUMN credentials`);
  }
}

async function seal(q: QueryRunner, box: SecretBox, r: Row): Promise<void> {
  const stored = sealMonitorSecrets(box, { url: r.url, headers: r.headers ?? {} });
  const parsed = parseMonitorUrl(r.url);
  const update = parsed ? `, normalized_url = $5` : '';
  await q.query(`UPDATE monitors SET url = $2, headers = $3, credentials = $4${update} WHERE id = $1`, [
    r.id,
    stored.url,
    stored.headers,
    stored.credentials,
    ...(parsed ? [storedNormalizedUrl(parsed.normalized, box.fingerprint)] : []),
  ]);
}
