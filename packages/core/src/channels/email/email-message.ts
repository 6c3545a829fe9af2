import { escapeHtml } from '../../text/escape-html.js';
import type { AlertContent } from '../content/alert-content.js';

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}


const SEVERITY_COLOUR: Record<AlertContent['severity'], string> = {
  critical: '#d92d20',
  warning: '#dc6803',
  ok: '#079455',
  info: '#1570ef',
};

/** Subject lines are one line: CR/LF in monitor names must not reach the mail headers. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** A plain-text and an HTML rendering of the same alert. */
export function renderEmail(content: AlertContent, integrationName: string): EmailMessage {
  const subject = oneLine(`[Vigil] ${content.title}`);
  const width = Math.max(...content.facts.map((f) => f.label.length));
  const text = [
    content.title,
    '',
    content.summary,
    '',
    ...content.facts.map((f) => `${`${f.label}:`.padEnd(width + 2)}${f.value}`),
    '',
    `Details: ${content.link}`,
    '',
    '--',
    `Sent by Vigil through the integration "${integrationName}".`,
    '',
  ].join('\n');

  const rows = content.facts
    .map(
      (f) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475467;font-weight:600">${escapeHtml(f.label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(f.value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#101828">
<h2 style="margin:0 0 8px;color:${SEVERITY_COLOUR[content.severity]}">${escapeHtml(content.title)}</h2>
<p style="margin:0 0 16px">${escapeHtml(content.summary)}</p>
<table style="border-collapse:collapse;margin:0 0 16px">
${rows}
</table>
<p><a href="${escapeHtml(content.link)}">View details</a></p>
<p style="color:#667085;font-size:12px">Sent by Vigil through the integration &quot;${escapeHtml(integrationName)}&quot;.</p>
</body>
</html>
`;
  return { subject, text, html };
}
