import pg from 'pg';

const INVALID_CATALOG_NAME = '3D000';

/**
 * `SELECT 1` on a connection of its own (not the pool: a pool busy with slow requests is not an
 * outage). Any failure drops the connection; the next probe opens a new one.
 */
export function createPostgresProbe(url: string, timeoutMs: number): { probe: () => Promise<void>; close: () => void } {
  let client: pg.Client | undefined;
  const drop = (c: pg.Client | undefined) => {
    if (client === c) client = undefined;
    // Not awaited: on a frozen connection end() would wait for an answer that never comes.
    c?.end().catch(() => undefined);
  };
  return {
    async probe() {
      let c = client;
      try {
        if (!c) {
          c = new pg.Client({
            connectionString: url,
            application_name: 'vigil-probe',
            connectionTimeoutMillis: timeoutMs,
            query_timeout: timeoutMs,
            keepAlive: true,
          });
          const own = c;
          own.on('error', () => drop(own));
          client = own;
          await own.connect();
        }
        await c.query('SELECT 1');
      } catch (e) {
        drop(c);
        // The server answers; a missing database is not an outage (start-up creates it, or
        // fails with a clear error).
        if ((e as { code?: unknown }).code === INVALID_CATALOG_NAME) return;
        throw e;
      }
    },
    close: () => drop(client),
  };
}
