import pg from 'pg';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function globalTeardown(): Promise<void> {
  const url = new URL(server);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const rows = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `vigil\\_%\\_${process.pid}\\_%`,
    ]);
    for (const { datname } of rows.rows as { datname: string }[]) {
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
