/**
 * The endpoint list of docs/api-endpoints.md, rendered from the served OpenAPI document so the
 * two cannot drift (a test compares them; `UPDATE_API_DOCS=1` rewrites the file).
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** none, optional key (an empty requirement among others), agent key or API key with its scopes, from `security`. */
function authOf(security: unknown): string {
  if (!Array.isArray(security) || security.length === 0) return 'none';
  if (security.some((s) => isRecord(s) && Object.keys(s).length === 0)) return 'optional key';
  if (security.some((s) => isRecord(s) && 'agentKey' in s)) return 'agent key';
  const scopes = security.flatMap((s) => (isRecord(s) && Array.isArray(s.apiKey) ? s.apiKey.map(String) : []));
  return scopes.length ? `API key \`${scopes.join('`, `')}\`` : 'API key';
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** Markdown: one table per tag (in first-seen order), one row per operation. */
export function endpointReference(openapi: unknown): string {
  const paths = isRecord(openapi) && isRecord(openapi.paths) ? openapi.paths : {};
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'Other';
      const statuses = isRecord(op.responses) ? Object.keys(op.responses).join(', ') : '';
      const summary = typeof op.summary === 'string' ? op.summary : '';
      const row = `| ${method.toUpperCase()} | \`${path}\` | ${cell(summary)} | ${authOf(op.security)} | ${statuses} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag].map(
    ([tag, rows]) => `## ${tag}\n\n| method | path | what it does | auth | statuses |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`,
  );
  return (
    '# Vigil API: every endpoint\n\n' +
    'Generated from the OpenAPI document the API serves (`GET /api/v1/openapi.json`; browsable at\n' +
    '`/docs`), which also holds every request and response schema. Conventions (authentication,\n' +
    'errors, limits, pagination) are in [api.md](api.md). Regenerate with\n' +
    '`UPDATE_API_DOCS=1 npm test -- apps/api/src/http/endpoint-reference.test.ts`.\n\n' +
    sections.join('\n')
  );
}
