import { bodyOf, json, providerFixture, type ProviderFixture } from './fixture.js';

const TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'tg-spoiler', 'blockquote']);

/** The text Telegram counts: tags gone, the four entities decoded. */
function visible(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/**
 * Telegram Bot API sendMessage (core.telegram.org/bots/api#sendmessage): POST
 * /bot<token>/sendMessage, JSON {chat_id, text, parse_mode}; text 1-4096 characters after
 * entity parsing; HTML mode only takes the documented tags and needs &lt; &gt; &amp; escaped.
 * Errors are {ok: false, error_code, description}.
 */
export async function telegramFixture(token: string, chats: string[]): Promise<ProviderFixture> {
  const bad = (description: string) => json(400, { ok: false, error_code: 400, description });
  let id = 0;
  return providerFixture((req) => {
    const m = /^\/bot([^/]+)\/sendMessage$/.exec(req.path);
    if (req.method !== 'POST' || !m) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (m[1] !== token) return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const b = bodyOf(req);
    if (!b || !String(req.headers['content-type']).startsWith('application/json')) return bad('Bad Request: message text is empty');
    if (!chats.includes(String(b.chat_id))) return bad('Bad Request: chat not found');
    if (typeof b.text !== 'string' || b.text === '') return bad('Bad Request: message text is empty');
    if (b.parse_mode === 'HTML') {
      for (const tag of b.text.matchAll(/<\/?([a-z-]+)[^>]*>/g)) if (!TAGS.has(tag[1])) return bad(`Bad Request: can't parse entities: Unsupported start tag "${tag[1]}"`);
      if (/&(?!(lt|gt|amp|quot);)/.test(b.text)) return bad("Bad Request: can't parse entities: Unsupported entity");
    }
    if (visible(b.text).length > 4096) return bad('Bad Request: message is too long');
    return json(200, { ok: true, result: { message_id: ++id, chat: { id: b.chat_id }, date: 1_763_720_130, text: visible(b.text) } });
  });
}

/** Telegram's flood control answer. */
export const telegramFlood = (seconds: number) =>
  json(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } });
