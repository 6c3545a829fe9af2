import { scriptsOf } from './page-scripts.js';
import { mayBeHtml, sriResult, type SriInput } from './sri.js';

/** The Observatory's SRI fixtures, as pages of mozilla.org fetched over https. */
function sri(html: string, over: Partial<SriInput> = {}) {
  return sriResult({ contentType: 'text/html; charset=utf-8', scripts: scriptsOf(html), hostname: 'mozilla.org', https: true, ...over });
}

describe('sriResult (pinned to the Observatory test expectations)', () => {
  it('a page without scripts needs none', () => {
    expect(sri('<html><body><p>hi</p></body></html>')).toBe('sri-not-implemented-but-no-scripts-loaded');
  });

  it('a response that is not HTML needs none, whatever its body', () => {
    expect(sri('<script src="http://evil.example/a.js"></script>', { contentType: 'application/json' })).toBe('sri-not-implemented-response-not-html');
  });

  it('same origin: relative, or absolute https on the same registrable domain', () => {
    expect(sri('<script src="/static/js/foo.js"></script>')).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(sri('<script src="https://www.mozilla.org/static/js/foo.js"></script>')).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
  });

  it('a protocol-relative script counts as external and insecure', () => {
    expect(sri('<script src="//www.mozilla.org/static/js/foo.js"></script>')).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
  });

  it('implemented with external scripts over https', () => {
    expect(
      sri('<script src="/static/js/foo.js"></script><script src="https://code.jquery.com/jquery.js" integrity="sha384-x" crossorigin="anonymous"></script>'),
    ).toBe('sri-implemented-and-external-scripts-loaded-securely');
  });

  it('implemented on the same origin earns the bonus too', () => {
    expect(sri('<script src="https://www.mozilla.org/a.js" integrity="sha384-x"></script>')).toBe('sri-implemented-and-all-scripts-loaded-securely');
  });

  it('not implemented with external scripts over https', () => {
    expect(sri('<script src="https://code.jquery.com/jquery.js"></script>')).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
  });

  it('implemented with external scripts over http or protocol-relative', () => {
    expect(sri('<script src="http://code.jquery.com/jquery.js" integrity="sha384-x"></script>')).toBe(
      'sri-implemented-but-external-scripts-not-loaded-securely',
    );
    expect(sri('<script src="//code.jquery.com/jquery.js" integrity="sha384-x"></script>')).toBe(
      'sri-implemented-but-external-scripts-not-loaded-securely',
    );
  });

  it('not implemented with external scripts over http or protocol-relative', () => {
    expect(sri('<script src="http://code.jquery.com/jquery.js"></script>')).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
    expect(sri('<script src="/static/js/foo.js"></script><script src="//fb.me/react-0.14.6.min.js"></script>')).toBe(
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
    );
  });

  it('replaces findings in the Observatory order (a later -5 replaces an earlier -20)', () => {
    expect(
      sri('<script src="http://a.example/1.js" integrity="sha384-x"></script><script src="https://b.example/2.js"></script>'),
    ).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
    expect(sri('<script src="https://b.example/2.js"></script><script src="http://a.example/1.js" integrity="sha384-x"></script>')).toBe(
      'sri-not-implemented-but-external-scripts-loaded-securely',
    );
  });

  it('relative scripts of an http page are not loaded securely, but stay same-origin', () => {
    expect(sri('<script src="/a.js" integrity="sha384-x"></script>', { https: false })).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
  });

  it('inline scripts count as scripts loaded from the page itself', () => {
    expect(sri('<script>alert(1)</script>')).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
  });
});

describe('mayBeHtml', () => {
  it('takes HTML types and a missing type, as the Observatory does (case as sent)', () => {
    expect(mayBeHtml(null)).toBe(true);
    expect(mayBeHtml('')).toBe(true);
    expect(mayBeHtml('text/html')).toBe(true);
    expect(mayBeHtml('application/xhtml+xml; charset=utf-8')).toBe(true);
    expect(mayBeHtml('application/json')).toBe(false);
    expect(mayBeHtml('Text/HTML')).toBe(false);
  });
});

describe('scriptsOf', () => {
  it('collects src, integrity and crossorigin, any case, entities decoded', () => {
    expect(scriptsOf('<SCRIPT SRC="/a.js?x=1&amp;y=2" Integrity="sha384-q" crossorigin></SCRIPT><script>1</script>')).toEqual([
      { src: '/a.js?x=1&y=2', integrity: 'sha384-q', crossorigin: '' },
      { src: null, integrity: null, crossorigin: null },
    ]);
  });
});
