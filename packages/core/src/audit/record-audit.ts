import type { EntityManager, ObjectLiteral } from 'typeorm';
import { fieldDiff, type Snapshot } from './audit-diff.js';

/** What an entry can say was done. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'pause',
  'resume',
  'acknowledge',
  'rotate',
  'revoke',
  'check',
  'scan',
  'test',
  'redeliver',
  'verify',
  'apply',
  'tier_change',
  'use_from_new_ip',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who makes the changes: the account, its key (null for an operator) and the client IP. */
export interface AuditActor {
  accountId: number;
  keyId: number | null;
  keyName: string | null;
  ip: string | null;
  /** The time of an entry (the injected clock). */
  now: () => Date;
  /** Told each time entries are recorded (the API checks that a write answered 2xx recorded one). */
  recorded?: () => void;
}

/**
 * One change: the resource (type and id), the action, and the resource before and after it
 * (an entity, whose columns are read through its metadata, or a plain snapshot); null or
 * absent: it did not exist on that side (create, delete) or the action changes no field.
 */
export interface AuditChange {
  resource: string;
  id: number | string;
  action: AuditAction;
  before?: ObjectLiteral | null;
  after?: ObjectLiteral | null;
}

const COLUMNS = ['account_id', 'created_at', 'key_id', 'key_name', 'ip', 'resource_type', 'resource_id', 'action', 'changes'];

/** Columns every row has that say nothing about the change. */
const UNTOLD = new Set(['account_id', 'updated_at']);

/** An entity's columns by their column names; a plain object (a row, a snapshot) as it is. */
export function snapshotOf(m: EntityManager, value: ObjectLiteral): Snapshot {
  const entries = m.connection.hasMetadata(value.constructor)
    ? m.connection.getMetadata(value.constructor).columns.map((c): [string, unknown] => [c.databaseName, c.getEntityValue(value)])
    : Object.entries(value);
  return Object.fromEntries(entries.filter(([name]) => !UNTOLD.has(name)));
}

/** Rows per INSERT (9 parameters each). */
const AUDIT_ROWS_PER_INSERT = 5_000;

/**
 * Records `changes` with the transaction `m` of the change itself, so a change commits with
 * its entries or not at all (decisions: "Audit log"). An update that changed no field leaves
 * no entry. Every write of the API calls this (config-as-code included: one call with its
 * whole list of changes, in the apply's transaction).
 */
export async function recordAudit(m: EntityManager, actor: AuditActor, changes: readonly AuditChange[]): Promise<void> {
  const at = actor.now();
  const rows = changes.flatMap((c) => {
    const before = c.before ? snapshotOf(m, c.before) : null;
    const after = c.after ? snapshotOf(m, c.after) : null;
    const diff = before || after ? fieldDiff(before, after) : {};
    if (c.action === 'update' && !Object.keys(diff).length) return [];
    return [[actor.accountId, at, actor.keyId, actor.keyName, actor.ip, c.resource, String(c.id), c.action, JSON.stringify(diff)]];
  });
  // A statement takes at most 65,535 parameters: a config apply of thousands of changes takes a few.
  for (let start = 0; start < rows.length; start += AUDIT_ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + AUDIT_ROWS_PER_INSERT);
    const values = chunk.map((_, i) => `(${Array.from({ length: COLUMNS.length }, (_c, j) => `$${i * COLUMNS.length + j + 1}`).join(', ')})`);
    await m.query(`INSERT INTO audit_log (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`, chunk.flat());
  }
  actor.recorded?.();
}
