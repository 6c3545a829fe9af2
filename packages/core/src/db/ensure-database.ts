import pg from 'pg';
import { quoteIdentifier } from './quote-identifier.js';

/** Creates the database named in `url` when it does not exist yet (npm start on a fresh machine). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
    } catch (e) {
      // Another process created it between our look and our create.
      if ((e as { code?: string }).code !== '42P04') throw e;
      return false;
    }
    return true;
  } finally {
    await client.end();
  }
}
