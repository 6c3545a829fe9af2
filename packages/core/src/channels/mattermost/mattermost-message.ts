import type { AlertContent } from '../content/alert-content.js';
import { clip } from '../content/plain-text.js';

const COLOUR: Record<AlertContent['severity'], string> = { critical: '#d92d20', warning: '#dc6803', ok: '#079455', info: '#1570ef' };

/** Mattermost's post limit (16,383 characters), kept per part well under it. */
const TEXT_MAX = 4_000;
const FIELD_MAX = 1_000;

/** Markdown in a name would be rendered: it is escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+\-.!|>~<@])/g, '\\$1');
}

/** An incoming-webhook post: `text` (notifications) and one attachment with the facts. */
export function renderMattermost(content: AlertContent): Record<string, unknown> {
  return {
    username: 'Vigil',
    text: clip(`**${escapeMarkdown(content.title)}**`, TEXT_MAX),
    attachments: [
      {
        fallback: clip(`${content.title}: ${content.summary}`, TEXT_MAX),
        color: COLOUR[content.severity],
        title: clip(content.title, 250),
        title_link: content.link,
        text: clip(escapeMarkdown(content.summary), TEXT_MAX),
        fields: content.facts.slice(0, 20).map((f) => ({ short: true, title: clip(f.label, 250), value: clip(escapeMarkdown(f.value), FIELD_MAX) })),
      },
    ],
  };
}
