import type { HeaderReport } from '../headers/header-report.js';
import type { AlertEventPayload } from '../queue/alert-events.js';
import { alertOutboxMessage, writeOutbox } from '../outbox/outbox-message.js';
import type { Context } from '../runtime/context.js';
import { headerGradeReasons, type GradeReason } from './grade-diff.js';
import { insertHeaderCheckRow, lockDomainHeaderFacts, previousHeaderReport, setDomainHeaderCheck } from './header-check-store.js';
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
    // The domain's row is locked before the insert: a delete under way then either finished
    // (nothing to record) or waits for this commit; inserting first raced it into a foreign-key error.
    const domain = await lockDomainHeaderFacts(m, c.domainId);
    if (!domain) return [];
    const checkId = await insertHeaderCheckRow(m, {
      domainId: c.domainId,
      accountId: c.accountId,
      scanId: c.scanId,
      url: c.url,
      status: c.outcome.status,
      report,
      error: c.outcome.status === 'failed' ? c.outcome.error : null,
      checkedAt: c.checkedAt,
    });
    if (checkId === null || (domain.last_header_check_id !== null && domain.last_header_check_id > checkId)) return [];
    if (c.outcome.status === 'failed' || !report) {
      await setDomainHeaderCheck(m, c.domainId, { id: checkId, checkedAt: c.checkedAt, grade: null });
      return [];
    }
    await setDomainHeaderCheck(m, c.domainId, { id: checkId, checkedAt: c.checkedAt, grade: { grade: report.grade, score: report.score } });
    if (!domain.notifications_enabled || domain.header_grade === null || domain.header_grade === report.grade) return [];
    const reasons = headerGradeReasons((await previousHeaderReport(m, c.domainId, checkId)) ?? {}, report);
    const event = headersGradeChangedEvent({ ...c, outcome: { status: 'completed', report } }, checkId, { grade: domain.header_grade, score: domain.header_score }, reasons, ctx.config.baseUrl);
    await writeOutbox(m, [alertOutboxMessage(event)]);
    return [event];
  });
}
