import type { AlertContent } from './content/alert-content.js';
import { renderDiscord } from './discord/discord-message.js';
import { renderEmail } from './email/email-message.js';
import { escapeSlack, renderSlack } from './slack/slack-message.js';

const content: AlertContent = {
  title: 'Monitor down: <Shop> & "Co"',
  summary: 'Shop is down: HTTP 503 Service Unavailable',
  facts: [
    { label: 'Monitor', value: '<Shop> & "Co"' },
    { label: 'Cause', value: 'HTTP 503 Service Unavailable' },
    { label: 'Time', value: '2026-11-21 10:15:30 UTC' },
  ],
  link: 'https://vigil.example.com/api/v1/uptime/monitors/7',
  severity: 'critical',
  time: '2026-11-21T10:15:30.000Z',
};

describe('email message', () => {
  const m = renderEmail(content, 'Ops mail');

  it('has a one-line subject', () => {
    expect(m.subject).toBe('[Vigil] Monitor down: <Shop> & "Co"');
    expect(renderEmail({ ...content, title: 'a\r\nBcc: x@y' }, 'n').subject).toBe('[Vigil] a Bcc: x@y');
  });

  it('plain text carries the title, summary, every fact and the link', () => {
    expect(m.text).toContain('Monitor down: <Shop> & "Co"');
    expect(m.text).toContain('Shop is down: HTTP 503 Service Unavailable');
    expect(m.text).toMatch(/Monitor: +<Shop> & "Co"/);
    expect(m.text).toMatch(/Cause: +HTTP 503 Service Unavailable/);
    expect(m.text).toMatch(/Time: +2026-11-21 10:15:30 UTC/);
    expect(m.text).toContain('Details: https://vigil.example.com/api/v1/uptime/monitors/7');
    expect(m.text).toContain('"Ops mail"');
  });

  it('HTML escapes user-controlled text and links to the details', () => {
    expect(m.html).toContain('&lt;Shop&gt; &amp; &quot;Co&quot;');
    expect(m.html).not.toContain('<Shop>');
    expect(m.html).toContain('<a href="https://vigil.example.com/api/v1/uptime/monitors/7">');
    expect(m.html).toContain('HTTP 503 Service Unavailable');
    expect(m.html).toContain('2026-11-21 10:15:30 UTC');
  });

});

describe('slack message', () => {
  const m = renderSlack(content);

  it('has a fallback text and Block Kit blocks', () => {
    expect(m.text).toContain('Monitor down: &lt;Shop&gt; &amp; "Co"');
    expect(m.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: content.title, emoji: true } });
    expect(m.blocks[1]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(m.blocks[2]).toEqual({
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: '*Monitor*\n&lt;Shop&gt; &amp; "Co"' },
        { type: 'mrkdwn', text: '*Cause*\nHTTP 503 Service Unavailable' },
        { type: 'mrkdwn', text: '*Time*\n2026-11-21 10:15:30 UTC' },
      ],
    });
    expect(m.blocks[3]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: `<${content.link}|View details in Vigil>` } });
  });

  it('defuses mentions and clips the header to 150 characters', () => {
    expect(escapeSlack('<!channel> & <@U1>')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
    const long = renderSlack({ ...content, title: 'x'.repeat(300) });
    expect(((long.blocks[0] as { text: { text: string } }).text.text).length).toBe(150);
  });

  it('keeps at most 10 fields', () => {
    const many = renderSlack({ ...content, facts: Array.from({ length: 14 }, (_, i) => ({ label: `L${i}`, value: 'v' })) });
    expect((many.blocks[2] as { fields: unknown[] }).fields).toHaveLength(10);
  });
});

describe('discord message', () => {
  const m = renderDiscord(content);

  it('has content and one embed with fields, colour, link and timestamp', () => {
    expect(m.content).toBe(`**${content.title}**`);
    expect(m.username).toBe('Vigil');
    expect(m.embeds).toHaveLength(1);
    expect(m.embeds[0]).toEqual({
      title: content.title,
      description: content.summary,
      url: content.link,
      color: 0xd92d20,
      fields: content.facts.map((f) => ({ name: f.label, value: f.value, inline: true })),
      timestamp: content.time,
      footer: { text: 'Vigil' },
    });
  });

  it('allows no mentions', () => {
    expect(m.allowed_mentions).toEqual({ parse: [] });
  });

  it('clips to Discord limits', () => {
    const long = renderDiscord({ ...content, title: 'y'.repeat(3000), facts: [{ label: 'a', value: 'z'.repeat(2000) }] });
    expect(long.content.length).toBe(2000);
    expect((long.embeds[0].title as string).length).toBe(256);
    expect(((long.embeds[0].fields as { value: string }[])[0].value).length).toBe(1024);
  });
});
