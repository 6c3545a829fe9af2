import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

const ELEMENTS = new Set(['TextBlock', 'FactSet', 'ColumnSet', 'Container', 'Image', 'ActionSet', 'RichTextBlock']);

/**
 * A Teams Workflows webhook ("When a Teams webhook request is received"): POST to the flow's
 * URL (it carries sig=...), a message whose attachments hold an Adaptive Card
 * (contentType application/vnd.microsoft.card.adaptive, content.type AdaptiveCard, a version,
 * a body of known elements, FactSet facts {title, value}); at most 28 KB. 202 Accepted.
 */
export async function teamsFixture(sig: string): Promise<ProviderFixture> {
  const bad = (message: string) => json(400, { error: { code: 'InvalidRequestContent', message } });
  return providerFixture((req) => {
    const url = new URL(req.path, 'http://fixture');
    if (req.method !== 'POST' || !url.pathname.startsWith('/workflows/')) return json(404, { error: { code: 'NotFound', message: 'Not found' } });
    if (url.searchParams.get('sig') !== sig) return json(401, { error: { code: 'DirectApiAuthorizationRequired', message: 'The request must be authenticated' } });
    if (req.raw.length > 28 * 1024) return json(413, { error: { code: 'MessageTooLarge', message: 'Message size exceeds 28 KB' } });
    const b = bodyOf(req);
    const attachments = b?.attachments;
    if (b?.type !== 'message' || !Array.isArray(attachments) || attachments.length === 0) return bad('Expected a message with attachments');
    for (const a of attachments as { contentType?: unknown; content?: { type?: unknown; version?: unknown; body?: unknown } }[]) {
      if (a.contentType !== 'application/vnd.microsoft.card.adaptive') return bad('Attachment is not an Adaptive Card');
      const card = a.content;
      if (card?.type !== 'AdaptiveCard' || typeof card.version !== 'string' || !Array.isArray(card.body)) return bad('Invalid Adaptive Card');
      for (const el of card.body as { type?: unknown; text?: unknown; facts?: unknown }[]) {
        if (typeof el.type !== 'string' || !ELEMENTS.has(el.type)) return bad(`Unknown card element ${String(el.type)}`);
        if (el.type === 'TextBlock' && typeof el.text !== 'string') return bad('TextBlock needs text');
        if (el.type === 'FactSet' && !(Array.isArray(el.facts) && el.facts.every((f: { title?: unknown; value?: unknown }) => typeof f.title === 'string' && typeof f.value === 'string'))) {
          return bad('FactSet facts need title and value');
        }
      }
    }
    return { status: 202 };
  });
}
