import type { AlertContent } from './alert-content.js';

/** A text cut to `max` characters (code units), an ellipsis marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** An alert as plain text: summary, one line per fact, the link (the title is the caller's). */
export function plainBody(content: AlertContent): string {
  return [content.summary, '', ...content.facts.map((f) => `${f.label}: ${f.value}`), '', content.link].join('\n');
}

/** An alert as one plain text, title first. */
export function plainText(content: AlertContent): string {
  return `${content.title}\n\n${plainBody(content)}`;
}
