import { hash } from 'node:crypto';

/**
 * The weak ETag Express's default `etag` setting gives a text body (`W/"<byte length in hex>-<27
 * characters of the SHA-1's base64>"`, the etag package), without Express's copy of the text into
 * a Buffer and without a Hash object: one native call. `byteLength` is the body's UTF-8 length
 * (the caller has it for Content-Length).
 */
export function weakEtag(text: string, byteLength: number): string {
  return `W/"${byteLength.toString(16)}-${hash('sha1', text, 'base64').substring(0, 27)}"`;
}
