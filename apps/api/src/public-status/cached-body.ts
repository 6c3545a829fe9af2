import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gzipAsync = promisify(gzip);

/** A rendered public answer, compressed and tagged once per build and then served many times. */
export interface CachedBody {
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
  contentType: string;
}

const MIN_GZIP_BYTES = 1024;

export async function cachedBody(text: string, contentType: string): Promise<CachedBody> {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, contentType, gzipped: body.length >= MIN_GZIP_BYTES ? await gzipAsync(body, { level: 6 }) : null };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function acceptsGzip(req: Request): boolean {
  return /\bgzip\b/.test(req.get('accept-encoding') ?? '');
}

/** Sends a cached body with its ETag (304 when the client has it), gzip when accepted. */
export function sendCached(req: Request, res: Response, c: CachedBody, headers: Record<string, string>, status = 200): void {
  res.set({ ...headers, 'Content-Type': c.contentType, ETag: c.etag, 'X-Content-Type-Options': 'nosniff' });
  res.vary('Accept-Encoding');
  if (status === 200 && matches(req.get('if-none-match'), c.etag)) {
    res.status(304).end();
    return;
  }
  const zipped = c.gzipped && acceptsGzip(req) ? c.gzipped : null;
  const payload = zipped ?? c.body;
  if (zipped) res.set('Content-Encoding', 'gzip');
  res.set('Content-Length', String(payload.length));
  res.status(status).end(req.method === 'HEAD' ? undefined : payload);
}
