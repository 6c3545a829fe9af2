import type { EntityManager } from 'typeorm';
import type { HeaderReport } from '../headers/header-report.js';
import type { AlertEventPayload } from '../queue/alert-events.js';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import type { Context } from '../runtime/context.js';
import { headerGradeReasons, type GradeReason } from './grade-diff.js';
import { storableJson } from './storable-json.js';

/** The header check of a domain run with one of its scans. */
export interface DomainHeaderCheck {
  scanId: number;
  accountId: number;
  domainId: number;
  hostname: string;
  port: number;
  url: string;
  checkedAt: Date;
  outcome: { status: 'completed'; report: HeaderReport } | { status: 'failed'; error: string };
}

type HeaderCheckContext = Pick<Context, 'db' | 'config'>;

interface LockedDomain {
  header_grade: string | null;
  header_score: number | null;
  last_header_check_id: number | null;
  notifications_enabled: boolean;
}

export function headersGradeChangedEvent(
  c: DomainHeaderCheck & { outcome: { status: 'completed' } },
  checkId: number,
  previous: { grade: string; score: number | null },
  reasons: GradeReason[],
  baseUrl: string,
): AlertEventPayload {
  return {
    eventId: `headers-grade-changed-${checkId}`,
    accountId: c.accountId,
    event: 'headers.grade_changed',
    createdAt: c.checkedAt.toISOString(),
    domainId: c.domainId,
    data: {
      domain_id: c.domainId,
      hostname: c.hostname,
      port: c.port,
      url: c.url,
      previous_grade: previous.grade,
      previous_score: previous.score,
      grade: c.outcome.report.grade,
      score: c.outcome.report.score,
      reasons,
      header_check_id: checkId,
      header_checks_url: `${baseUrl}/api/v1/domains/${c.domainId}/header-checks`,
    },
  };
}

async function previousReport(m: EntityManager, domainId: number, checkId: number): Promise<HeaderReport | null> {
  const [row] = (await m.query(
    `SELECT report FROM header_checks WHERE domain_id = $1 AND status = 'completed' AND id < $2 ORDER BY id DESC LIMIT 1`,
    [domainId, checkId],
  )) as { report: HeaderReport | null }[];
  return row?.report ?? null;
}

/**
 * Records a domain's header check (once per scan: a redelivered scan job records nothing
 * more), brings the domain's header grade up to date unless a newer check already did (a
 * failed check keeps the last grade), and writes headers.grade_changed, with what
 * appeared or disappeared, to the outbox in the same transaction when a previous grade changed
 * and the domain's notifications are on. Returns the events written.
 */
export async function recordHeaderCheck(ctx: HeaderCheckContext, c: DomainHeaderCheck): Promise<AlertEventPayload[]> {
  const report = c.outcome.status === 'completed' ? storableJson(c.outcome.report) : null;
  return ctx.db.transaction(async (m) => {
    const [inserted] = (await m.query(
      `INSERT INTO header_checks (domain_id, account_id, scan_id, url, status, grade, score, deeper_score, algorithm_version, report, error, checked_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12 WHERE EXISTS (SELECT 1 FROM domains WHERE id = $1)
       ON CONFLICT (scan_id) DO NOTHING RETURNING id`,
      [
        c.domainId,
        c.accountId,
        c.scanId,
        c.url,
        c.outcome.status,
        report?.grade ?? null,
        report?.score ?? null,
        report?.service.deeper_score ?? null,
        report?.service.algorithm_version ?? null,
        report ? JSON.stringify(report) : null,
        c.outcome.status === 'failed' ? c.outcome.error : null,
        c.checkedAt,
      ],
    )) as { id: number }[];
    if (!inserted) return [];
    const [domain] = (await m.query(
      `SELECT header_grade, header_score, last_header_check_id, notifications_enabled FROM domains WHERE id = $1 FOR UPDATE`,
      [c.domainId],
    )) as LockedDomain[];
    if (!domain || (domain.last_header_check_id !== null && domain.last_header_check_id > inserted.id)) return [];
    if (c.outcome.status === 'failed' || !report) {
      await m.query(`UPDATE domains SET last_header_check_at = $2, last_header_check_id = $3 WHERE id = $1`, [c.domainId, c.checkedAt, inserted.id]);
      return [];
    }
    await m.query(
      `UPDATE domains SET header_grade = $2, header_score = $3, last_header_check_at = $4, last_header_check_id = $5 WHERE id = $1`,
      [c.domainId, report.grade, report.score, c.checkedAt, inserted.id],
    );
    if (!domain.notifications_enabled || domain.header_grade === null || domain.header_grade === report.grade) return [];
    const reasons = headerGradeReasons((await previousReport(m, c.domainId, inserted.id)) ?? {}, report);
    const event = headersGradeChangedEvent({ ...c, outcome: { status: 'completed', report } }, inserted.id, { grade: domain.header_grade, score: domain.header_score }, reasons, ctx.config.baseUrl);
    await writeOutbox(m, [alertOutboxMessage(event)]);
    return [event];
  });
}
