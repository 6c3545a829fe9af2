import type { EntityAccess } from '../db/entity-access.js';
import { Domain } from '../db/entities/domain.entity.js';
import type { Queryable, WriteResult } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import { AUDIT_COLUMNS, auditRowValues, type NewAuditRow } from '../audit/audit-store.js';
import type { MonitoringFrequency } from '../tiers/tiers.js';
import { CERTIFICATE_TRUSTED_SQL } from './certificate-trust-sql.js';

/**
 * Reads of the domains table that events, alerts, the API and the scheduler need, and the API's
 * and config-as-code's domain writes (issue 30: their SQL in one place; a scan's and a header
 * check's writes are in scan-store and header-check-store).
 */

export interface DomainOfAccount {
  id: number;
  hostname: string;
  port: number;
  notificationsEnabled: boolean;
}

/** A domain of the account (null when gone or another account's). */
export async function domainOfAccount(em: Queryable, domainId: number, accountId: number): Promise<DomainOfAccount | null> {
  const [row] = await em.query<DomainOfAccount[]>(
    `SELECT id, hostname, port, notifications_enabled AS "notificationsEnabled"
     FROM domains WHERE id = $1 AND account_id = $2`,
    [domainId, accountId],
  );
  return row ?? null;
}

/** A domain as the account's Prometheus metrics show it. */
export interface DomainMetricsRow {
  id: number;
  hostname: string;
  cert_valid_to: Date | null;
  ssl_grade: string | null;
  header_grade: string | null;
}

export function domainsForMetrics(em: Queryable, accountId: number): Promise<DomainMetricsRow[]> {
  return em.query<DomainMetricsRow[]>('SELECT id, hostname, cert_valid_to, ssl_grade, header_grade FROM domains WHERE account_id = $1 ORDER BY id', [accountId]);
}

/** A domain row whole, as `SELECT *` (and DELETE ... RETURNING *) gives it: what a delete's entry tells. */
export type DomainRowWhole = { id: number } & Record<string, unknown>;

/** The account's domains among `ids` (another account's are skipped), whole, by id. */
export async function domainRowsOfAccount(q: Queryable, accountId: number, ids: readonly number[]): Promise<DomainRowWhole[]> {
  return q.query<DomainRowWhole[]>(`SELECT * FROM domains WHERE account_id = $1 AND id = ANY($2::int[]) ORDER BY id`, [accountId, ids]);
}

/** audit_log's columns' types, in AUDIT_COLUMNS' order (the entries are a VALUES list: their parameters need them). */
const AUDIT_TYPES = ['integer', 'timestamptz', 'integer', 'text', 'text', 'text', 'text', 'text', 'jsonb'];

/**
 * The delete of the account's domains that were read as `rows`, in ONE statement (issue 35: it
 * was a transaction of four): the rows, their alert delivery logs, a schedule change each in the
 * outbox (applied after the commit: applyDeletedDomainSchedules) and, for each row the statement
 * deleted, the entry `entries` gives for its id (recordAudit's, told from the row as read).
 * A row gone since the read has neither a change nor an entry. Answers the ids deleted, ascending.
 */
export function domainsDelete(accountId: number, rows: readonly DomainRowWhole[], entries: readonly NewAuditRow[]): Statement {
  const params: unknown[] = [accountId, rows.map((r) => r.id)];
  const values = entries.map((e) =>
    `(${auditRowValues(e)
      .map((v, i) => {
        params.push(v);
        return `$${params.length}::${AUDIT_TYPES[i]}`;
      })
      .join(', ')})`,
  );
  const resourceId = AUDIT_COLUMNS.indexOf('resource_id');
  const audit = values.length
    ? `, a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT e.* FROM (VALUES ${values.join(', ')}) e(${AUDIT_COLUMNS.join(', ')}) WHERE e.${AUDIT_COLUMNS[resourceId]} IN (SELECT id::text FROM d))`
    : '';
  return {
    sql: `WITH d AS (DELETE FROM domains WHERE account_id = $1 AND id = ANY($2::int[]) RETURNING id),
               x AS (DELETE FROM alert_deliveries WHERE account_id = $1 AND domain_id IN (SELECT id FROM d)),
               o AS (INSERT INTO schedule_outbox (kind, entity_id, payload) SELECT 'domain', id, '{}'::jsonb FROM d)${audit}
          SELECT id FROM d ORDER BY id`,
    params,
  };
}

/**
 * Deletes the account's domains among `ids` (another account's are skipped); the rows deleted,
 * whole (the audit keeps them), by id. Scans and expiry records go with them (ON DELETE CASCADE).
 */
export async function deleteDomainsOfAccount(em: Queryable, accountId: number, ids: readonly number[]): Promise<({ id: number } & Record<string, unknown>)[]> {
  const [rows] = await em.query<WriteResult<{ id: number } & Record<string, unknown>>>(`DELETE FROM domains WHERE account_id = $1 AND id = ANY($2::int[]) RETURNING *`, [accountId, ids]);
  return rows.sort((a, b) => a.id - b.id);
}

/** What a domain's badges show: its grades, certificate expiry and the latest scan's trust verdict (null: gone). */
export interface DomainBadgeRow {
  ssl_grade: string | null;
  cert_valid_to: Date | null;
  header_grade: string | null;
  trusted: boolean | null;
}

export async function domainBadgeRow(em: Queryable, domainId: number): Promise<DomainBadgeRow | null> {
  const [row] = await em.query<DomainBadgeRow[]>(`SELECT d.ssl_grade, d.cert_valid_to, d.header_grade, ${CERTIFICATE_TRUSTED_SQL} AS trusted FROM domains d WHERE d.id = $1`, [domainId]);
  return row ?? null;
}

/** Every column of the entity under its property name. */
const DOMAIN_COLUMNS = `id, account_id AS "accountId", hostname, port, monitoring_frequency AS "monitoringFrequency", is_active AS "isActive",
  notifications_enabled AS "notificationsEnabled", alert_days_before_expiry AS "alertDaysBeforeExpiry", ssl_grade AS "sslGrade",
  ssl_score AS "sslScore", last_scan_at AS "lastScanAt", last_scan_id AS "lastScanId", last_scan_status AS "lastScanStatus",
  cert_issuer AS "certIssuer", cert_subject AS "certSubject", cert_valid_from AS "certValidFrom", cert_valid_to AS "certValidTo",
  cert_serial_number AS "certSerialNumber", cert_fingerprint_sha256 AS "certFingerprintSha256", header_grade AS "headerGrade",
  header_score AS "headerScore", last_header_check_at AS "lastHeaderCheckAt", last_header_check_id AS "lastHeaderCheckId",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * The account's domain, whole (null when missing or another account's); `lock` takes its row
 * lock (inside a transaction). One plain statement mapped to the entity by column aliases (issue
 * 35: TypeORM's findOne built the query and hydrated through its metadata on every call).
 */
export async function domainEntityOfAccount(em: Queryable, accountId: number, id: number, opts: { lock?: boolean } = {}): Promise<Domain | null> {
  const [row] = await em.query<Domain[]>(`SELECT ${DOMAIN_COLUMNS} FROM domains WHERE id = $1 AND account_id = $2${opts.lock ? ' FOR UPDATE' : ''}`, [id, accountId]);
  return row ? domainOfRow(row) : null;
}

/** A new domain's own columns (the others start empty). */
export interface NewDomainColumns {
  accountId: number;
  hostname: string;
  port: number;
  monitoringFrequency: MonitoringFrequency;
  notificationsEnabled: boolean;
  alertDaysBeforeExpiry: number;
}

/**
 * A domain create as statements for insertAudited (issue 35: one statement where TypeORM's two
 * saves, the entry and the outbox row were four): `writes`, the ids drawn (w0: the domain's and
 * its initial scan's), the initial scan queued at `scanAt` (w1) and the domain's schedule change
 * in the outbox with that scan under the job id 'scan-<scan id>-<jobSuffix>' (w2: as
 * createdDomainChange), and `insert`, the domain, RETURNING it as the entity reads it, and its
 * initial scan's id as "initialScanId". A duplicate (account, hostname, port) fails the whole
 * statement (unique violation).
 */
export function domainCreate(d: NewDomainColumns, scanAt: Date, jobSuffix: string): { writes: Statement[]; insert: Statement } {
  return {
    writes: [
      { sql: `SELECT nextval(pg_get_serial_sequence('domains', 'id'))::integer AS d, nextval(pg_get_serial_sequence('scans', 'id'))::integer AS s`, params: [] },
      {
        sql: `INSERT INTO scans (id, account_id, domain_id, hostname, port, trigger, status, created_at)
              SELECT w0.s, $1::integer, w0.d, $2::text, $3::integer, 'initial', 'queued', $4::timestamptz FROM w0`,
        params: [d.accountId, d.hostname, d.port, scanAt],
      },
      {
        sql: `INSERT INTO schedule_outbox (kind, entity_id, payload)
              SELECT 'domain', w0.d, jsonb_build_object('initialScan', jsonb_build_object('scanId', w0.s, 'jobId', 'scan-' || w0.s || '-' || $1::text)) FROM w0`,
        params: [jobSuffix],
      },
    ],
    insert: {
      sql: `INSERT INTO domains (id, account_id, hostname, port, monitoring_frequency, is_active, notifications_enabled, alert_days_before_expiry)
            SELECT w0.d, $1::integer, $2::text, $3::integer, $4::text, true, $5::boolean, $6::integer FROM w0
            RETURNING ${DOMAIN_COLUMNS}, (SELECT s FROM w0) AS "initialScanId"`,
      params: [d.accountId, d.hostname, d.port, d.monitoringFrequency, d.notificationsEnabled, d.alertDaysBeforeExpiry],
    },
  };
}

/** A domain row as a statement returned it (its entity's columns), as the entity. */
export function domainOfRow(row: Domain): Domain {
  return Object.assign(new Domain(), row);
}

/** A domain as a public status page shows it. */
export interface PageDomainRow {
  id: number;
  hostname: string;
  port: number;
  is_active: boolean;
  ssl_grade: string | null;
  cert_valid_to: Date | null;
  trusted: boolean | null;
}

/** The account's domains among `ids` (another account's are skipped). */
export function domainsForPage(em: Queryable, accountId: number, ids: readonly number[]): Promise<PageDomainRow[]> {
  return em.query<PageDomainRow[]>(
    `SELECT d.id, d.hostname, d.port, d.is_active, d.ssl_grade, d.cert_valid_to, ${CERTIFICATE_TRUSTED_SQL} AS trusted
       FROM domains d WHERE d.account_id = $1 AND d.id = ANY($2::int[])`,
    [accountId, ids],
  );
}

/** The account's domains, whole, oldest first. */
export function domainsOfAccount(em: EntityAccess, accountId: number): Promise<Domain[]> {
  return em.getRepository(Domain).find({ where: { accountId }, order: { id: 'ASC' } });
}

/**
 * Inserts a domain through the entity's save(): the entity answered is what save() leaves set
 * (the given columns, the generated id, the defaults and timestamps it reads back), which the
 * create's 201 body and its audit entry show.
 */
export function insertDomain(em: EntityAccess, columns: Partial<Domain>): Promise<Domain> {
  const repo = em.getRepository(Domain);
  return repo.save(repo.create(columns));
}

/** Assigns `changes` to the domain (as read under its lock) and saves it: save() writes what differs and stamps updated_at. */
export function saveDomainChanges(em: EntityAccess, domain: Domain, changes: Partial<Domain>): Promise<Domain> {
  return em.getRepository(Domain).save(Object.assign(domain, changes));
}

/** One UPDATE of the given columns of the account's domain `id` (no read first; nothing when another account's). */
export async function updateDomainOfAccount(em: EntityAccess, accountId: number, id: number, columns: Partial<Domain>): Promise<void> {
  await em.getRepository(Domain).update({ id, accountId }, columns);
}

/** A domain rescanned periodically, as the scheduler reads it. */
export interface ScheduledDomainRow {
  id: number;
  monitoring_frequency: MonitoringFrequency;
}

/** Domains rescanned periodically: active, of an active account (one statement). */
export function scheduledDomains(q: Queryable): Promise<ScheduledDomainRow[]> {
  return q.query<ScheduledDomainRow[]>(
    `SELECT d.id, d.monitoring_frequency FROM domains d JOIN accounts a ON a.id = d.account_id
     WHERE d.is_active AND a.is_active`,
  );
}
