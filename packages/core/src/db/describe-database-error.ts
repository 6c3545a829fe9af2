/**
 * Why PostgreSQL could not be used, in words an operator can act on: it names DATABASE_URL and
 * the server and database it points at (never the password).
 */
export function describeDatabaseError(databaseUrl: string, error: unknown): string {
  const { host, database, user } = databaseTarget(databaseUrl);
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const reason = error instanceof Error ? error.message : String(error);
  switch (code) {
    case '3D000':
      return `Database "${database}" does not exist on ${host}. Check DATABASE_URL, or create it with \`vigil migrate\` (or \`npm start\`).`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return `Cannot reach PostgreSQL at ${host} (${code}). Check DATABASE_URL and that PostgreSQL is running.`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${host} refused user "${user}" (${reason}). Check DATABASE_URL.`;
    default:
      return `PostgreSQL at ${host}, database "${database}": ${reason}. Check DATABASE_URL.`;
  }
}

/** Host, database and user named by a connection URL. */
export function databaseTarget(databaseUrl: string): { host: string; database: string; user: string } {
  try {
    const url = new URL(databaseUrl);
    return {
      host: url.host || 'localhost',
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || '(none)',
      user: decodeURIComponent(url.username) || '(default)',
    };
  } catch {
    return { host: '(unparsable DATABASE_URL)', database: '(unknown)', user: '(unknown)' };
  }
}
