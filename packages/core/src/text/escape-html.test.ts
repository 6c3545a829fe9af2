import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
  it('leaves everything else alone', () => {
    expect(escapeHtml('Pro – 29 USD/month, ünïcode')).toBe('Pro – 29 USD/month, ünïcode');
  });
});
