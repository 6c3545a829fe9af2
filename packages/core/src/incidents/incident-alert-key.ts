/**
 * The key that ties a Vigil incident to one alert of an on-call tool: PagerDuty's `dedup_key`
 * and Opsgenie's `alias`. Stable for the incident's life (trigger, acknowledge and resolve all
 * name it), and read back from the tool's callbacks to find the incident.
 */
const PREFIX = 'vigil-incident-';
const PATTERN = /^vigil-incident-([1-9]\d{0,9})$/;

export function incidentAlertKey(incidentId: number): string {
  return `${PREFIX}${incidentId}`;
}

/** The incident id a key names; null for anything that is not one of ours. */
export function incidentIdOfAlertKey(key: unknown): number | null {
  if (typeof key !== 'string') return null;
  const m = PATTERN.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}
