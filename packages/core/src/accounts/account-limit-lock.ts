import type { DataSource, EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { poolOf } from '../db/direct-query.js';
import { inlineParams } from '../db/inline-params.js';
import type { Statement } from '../db/one-statement.js';
import type { Queryable } from '../db/queryable.js';
import type { Read } from '../db/reads-as-one.js';

/** The limits counted under a lock (the tier's, and the fixed maintenance-window cap); each has its own lock per account. */
export type CountedLimit = 'monitors' | 'domains' | 'status_pages' | 'scans' | 'maintenance_windows';

const NAMESPACE: Record<CountedLimit | 'config-apply', bigint> = { monitors: 1n, domains: 2n, 'config-apply': 3n, status_pages: 4n, scans: 5n, maintenance_windows: 6n };

function limitKey(limit: CountedLimit | 'config-apply', accountId: number): bigint {
  return (NAMESPACE[limit] << 32n) | BigInt(accountId);
}

/** BEGIN and the transaction's lock on (limit, account), as simple-protocol text (the key is a number made here). */
function beginLocked(limit: CountedLimit, accountId: number): string {
  return `BEGIN; SELECT pg_advisory_xact_lock(${limitKey(limit, accountId).toString()}::bigint)`;
}

/**
 * Serialises, per account, only the creates that check one counted limit (not the account's
 * other writes): a transaction-scoped advisory lock on (limit, account) in the single 64-bit key
 * space (namespace in the high 32 bits; the other single-key locks of the project are small
 * constants, the per-monitor locks use the two-key space, which PostgreSQL keeps apart). Take it
 * only when a limit applies, and count in a later statement: under READ COMMITTED that count sees
 * every create that committed before the lock was granted, so N concurrent creates against room
 * for k leave exactly k. Taken after the row is inserted (monitors, domains), the count includes
 * the caller's own row and the lock is held only for the count and the commit; taken before the
 * insert (status pages, scans, maintenance windows: their limit answers before their other
 * checks), it is held through the insert as well.
 */
export async function lockAccountLimit(em: EntityManager, limit: CountedLimit, accountId: number): Promise<void> {
  const { sql, params } = accountLimitLock(limit, accountId);
  await em.query(sql, [...params]);
}

/** lockAccountLimit's statement, to send with other writes (oneStatement: as its main query). */
export function accountLimitLock(limit: CountedLimit, accountId: number): Statement {
  const key = limitKey(limit, accountId);
  return { sql: 'SELECT pg_advisory_xact_lock($1::bigint)', params: [key.toString()] };
}

/**
 * The per-account lock of a configuration apply (docs/config-as-code.md), in the same key space
 * (namespace 3): taken without waiting. False when another apply of the account holds it: that
 * apply wins and this one answers 409. Once it is taken, lockAccountLimit of each of `limits`, in
 * their order, in the same statement (issue 35: an apply sent one statement per lock); when it is
 * refused, none of them is asked for (the CASE's subquery does not run), so a refused apply
 * waits for nothing. A read (readsAsOne), so that the apply's reads go in the same round trip:
 * each later statement of it takes its snapshot once the locks are granted, as a later statement did.
 */
export function configApplyLocksRead(accountId: number, limits: readonly CountedLimit[]): Read<boolean> {
  const key = limitKey('config-apply', accountId);
  const keys = limits.map((l) => limitKey(l, accountId).toString());
  return {
    statement: {
      sql: `SELECT CASE WHEN pg_try_advisory_xact_lock($1::bigint)
       THEN (SELECT count(pg_advisory_xact_lock(k)) FROM unnest($2::bigint[]) WITH ORDINALITY AS u(k, i)) = cardinality($2::bigint[])
       ELSE false END AS locked`,
      params: [key.toString(), keys],
    },
    of: (rows) => (rows as { locked: boolean }[])[0]?.locked ?? false,
  };
}

/**
 * A transaction that holds lockAccountLimit from its first round trip (issue 35): BEGIN and the
 * lock go as one simple-protocol query (`BEGIN; SELECT pg_advisory_xact_lock(<key>)`, the key a
 * number this function makes), where `db.transaction` then lockAccountLimit sent two; `work`'s
 * statements run on the transaction's manager, then COMMIT; when anything failed (the lock, the
 * COMMIT included), ROLLBACK and the error is rethrown. `work` must not open a transaction of its own
 * (the runner does not know it is in one).
 */
export async function inLimitTransaction<T>(db: DataSource, limit: CountedLimit, accountId: number, work: (m: EntityManager) => Promise<T>): Promise<T> {
  const runner = db.createQueryRunner();
  try {
    await runner.query(beginLocked(limit, accountId));
    const result = await work(runner.manager);
    await runner.query('COMMIT');
    return result;
  } catch (e) {
    // As TypeORM's transaction(): the first error is the answer, whatever the ROLLBACK does.
    await runner.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await runner.release();
  }
}

/**
 * A Queryable whose query() runs its ONE statement as inLimitTransaction would with that
 * statement as its work, in ONE round trip (issue 35): `BEGIN; SELECT pg_advisory_xact_lock(<key>);
 * <the statement, its parameters written as literals (inlineParams)>; COMMIT` as one
 * simple-protocol query. Under READ COMMITTED each statement of the query takes its own
 * snapshot, so a count in the statement sees every create that committed before the lock was
 * granted, as a later statement of the transaction did; the lock is held from the BEGIN to the
 * COMMIT only, where it was held across three round trips. Answers the statement's rows; a
 * failure of any part is TypeORM's QueryFailedError around pg's error (so a unique violation is
 * told as before), after a ROLLBACK (the statements after a failed one never ran). For
 * statements whose parameters have a text form (no binary).
 */
export function underLimitLock(db: DataSource, limit: CountedLimit, accountId: number): Queryable {
  const begin = beginLocked(limit, accountId);
  return {
    query: async <T>(sql: string, parameters: unknown[] = []): Promise<T> => {
      const text = `${begin}; ${inlineParams({ sql, params: parameters })}; COMMIT`;
      const client = await poolOf(db).connect();
      // A connection whose ROLLBACK failed may still be in the transaction: closed, not pooled.
      let broken = false;
      try {
        // A query of several statements answers one result each: BEGIN, the lock, the statement, COMMIT.
        const results: unknown = await client.query(text);
        const [, , own] = Array.isArray(results) ? (results as { rows: unknown[] }[]) : [];
        if (!own) throw new Error('underLimitLock: no result for the statement');
        return own.rows as T;
      } catch (e) {
        broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        throw new QueryFailedError(sql, parameters, e as Error);
      } finally {
        client.release(broken);
      }
    },
  };
}
