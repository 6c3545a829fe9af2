import type { AlertContent } from '../content/alert-content.js';
import { clip, plainBody } from '../content/plain-text.js';

/** sendMessage's limit: 4,096 characters of text after entity parsing. */
export const TELEGRAM_TEXT_MAX = 4_096;
const TITLE_MAX = 256;

function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The `text` of a sendMessage with parse_mode HTML: the title in bold, then the body. The
 * visible text (what Telegram counts) is at most TELEGRAM_TEXT_MAX characters; escaping only
 * adds markup, which does not count.
 */
export function renderTelegram(content: AlertContent): string {
  const title = clip(content.title, TITLE_MAX);
  const body = clip(plainBody(content), TELEGRAM_TEXT_MAX - title.length - 2);
  return `<b>${escapeTelegramHtml(title)}</b>\n\n${escapeTelegramHtml(body)}`;
}
