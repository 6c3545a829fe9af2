import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
  it('leaves everything else alone', () => {
    expect(escapeHtml('Pro – 29 USD/month, ünïcode')).toBe('Pro – 29 USD/month, ünïcode');
  });
});
