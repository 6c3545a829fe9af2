import { escapeHtml } from '../../text/escape-html.js';
import type { AlertContent } from '../content/alert-content.js';
import { clip, plainText } from '../content/plain-text.js';

/** Matrix events are at most 65,536 bytes: each rendering stays far below. */
const BODY_MAX = 8_000;

/** An m.room.message of msgtype m.text, with an HTML rendering (org.matrix.custom.html). */
export function renderMatrix(content: AlertContent): Record<string, string> {
  const facts = content.facts
    .slice(0, 20)
    .map((f) => `<li><b>${escapeHtml(clip(f.label, 200))}</b>: ${escapeHtml(clip(f.value, 1_000))}</li>`)
    .join('');
  return {
    msgtype: 'm.text',
    body: clip(plainText(content), BODY_MAX),
    format: 'org.matrix.custom.html',
    formatted_body:
      `<h4>${escapeHtml(clip(content.title, 500))}</h4><p>${escapeHtml(clip(content.summary, 2_000))}</p>` +
      `<ul>${facts}</ul><p><a href="${escapeHtml(content.link)}">View in Vigil</a></p>`,
  };
}
