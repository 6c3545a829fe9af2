/** A text cut to at most `maxBytes` of UTF-8, on a character boundary, an ellipsis marking the cut. */
export function clipBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  const budget = maxBytes - Buffer.byteLength('…');
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > budget) break;
    out += ch;
    bytes += size;
  }
  return `${out}…`;
}
