import { databaseTarget, describeDatabaseError } from './describe-database-error.js';

const url = 'postgres://vigil:s3cret@db.internal:5433/vigil_prod';
const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('describeDatabaseError', () => {
  it('names a missing database and how to create it', () => {
    expect(describeDatabaseError(url, withCode('3D000'))).toBe(
      'Database "vigil_prod" does not exist on db.internal:5433. Check DATABASE_URL, or create it with `vigil migrate` (or `npm start`).',
    );
  });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH'])('names an unreachable server (%s)', (code) => {
    expect(describeDatabaseError(url, withCode(code))).toBe(
      `Cannot reach PostgreSQL at db.internal:5433 (${code}). Check DATABASE_URL and that PostgreSQL is running.`,
    );
  });

  it('names the refused user', () => {
    expect(describeDatabaseError(url, withCode('28P01', 'password authentication failed'))).toBe(
      'PostgreSQL at db.internal:5433 refused user "vigil" (password authentication failed). Check DATABASE_URL.',
    );
  });

  it('falls back to the driver message, still naming DATABASE_URL', () => {
    expect(describeDatabaseError(url, new Error('odd'))).toBe('PostgreSQL at db.internal:5433, database "vigil_prod": odd. Check DATABASE_URL.');
    expect(describeDatabaseError(url, 'text')).toBe('PostgreSQL at db.internal:5433, database "vigil_prod": text. Check DATABASE_URL.');
  });

  it('never prints the password', () => {
    for (const code of ['3D000', 'ECONNREFUSED', '28P01', 'X']) expect(describeDatabaseError(url, withCode(code))).not.toContain('s3cret');
  });
});

describe('databaseTarget', () => {
  it('reads host, database and user', () => {
    expect(databaseTarget(url)).toEqual({ host: 'db.internal:5433', database: 'vigil_prod', user: 'vigil' });
    expect(databaseTarget('postgres:///x')).toEqual({ host: 'localhost', database: 'x', user: '(default)' });
    expect(databaseTarget('not a url')).toEqual({ host: '(unparsable DATABASE_URL)', database: '(unknown)', user: '(unknown)' });
  });
});
