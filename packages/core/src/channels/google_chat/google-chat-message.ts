import type { AlertContent } from '../content/alert-content.js';
import { clip } from '../content/plain-text.js';

/** Google Chat's limit on a message's text. */
export const GOOGLE_CHAT_TEXT_MAX = 4_096;

/** `<...>` is a link or a mention (<users/all>) in Chat text: a name's angle brackets are shown as ‹ ›. */
function plain(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

/** A `text` message: the title in bold, the summary, the facts, and a link (<url|text>). */
export function renderGoogleChat(content: AlertContent): { text: string } {
  const lines = [`*${plain(content.title)}*`, plain(content.summary), '', ...content.facts.map((f) => `${plain(f.label)}: ${plain(f.value)}`)];
  const link = `\n\n<${content.link}|View in Vigil>`;
  return { text: `${clip(lines.join('\n'), GOOGLE_CHAT_TEXT_MAX - link.length)}${link}` };
}
