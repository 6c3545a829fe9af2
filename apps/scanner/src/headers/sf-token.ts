/**
 * The token of a Structured Field Item (RFC 8941 §4.2.3), as the Observatory reads
 * Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy: `same-origin`,
 * `same-origin; report-to="x"`. Anything else (a list, a string, trailing text) gives null.
 */

const TOKEN_START = /[A-Za-z*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const KEY_START = /[a-z*]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const BARE_ITEM = [
  /^-?\d{1,15}(\.\d{1,3})?/, // integer or decimal
  /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*"/, // string
  /^:[A-Za-z0-9+/=]*:/, // byte sequence
  /^\?[01]/, // boolean
  /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/, // token
];

class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }
  take(pattern: RegExp): string {
    const start = this.pos;
    while (this.pos < this.text.length && pattern.test(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }
  bareItem(): boolean {
    const rest = this.text.slice(this.pos);
    for (const re of BARE_ITEM) {
      const m = re.exec(rest);
      if (m) {
        this.pos += m[0].length;
        return true;
      }
    }
    return false;
  }
}

export function structuredFieldToken(value: string): string | null {
  const c = new Cursor(value);
  c.skipSpaces();
  if (!TOKEN_START.test(c.peek())) return null;
  const token = c.take(TOKEN_CHAR);
  while (c.peek() === ';') {
    c.pos++;
    c.skipSpaces();
    if (!KEY_START.test(c.peek())) return null;
    c.take(KEY_CHAR);
    if (c.peek() === '=') {
      c.pos++;
      if (!c.bareItem()) return null;
    }
  }
  c.skipSpaces();
  return c.pos === value.length ? token : null;
}
