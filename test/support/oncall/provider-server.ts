import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the provider fixture received it. */
export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  /** The body parsed, or undefined when it is not JSON. */
  json: unknown;
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ProviderFixture {
  /** The base URL to configure as the channel's `api_url`. */
  url: string;
  requests: ProviderRequest[];
  /** Answers the next `times` requests with `answer` instead of handling them (throttling, outages). */
  failNext(answer: ProviderAnswer, times?: number): void;
  close(): Promise<void>;
}

/** Providers refuse bigger bodies (PagerDuty: 512 KB per event). */
const MAX_BODY_BYTES = 512 * 1024;

/** A request id as providers put in their answers. */
export const requestId = () => randomUUID();

/**
 * An HTTP server on 127.0.0.1 (port 0) standing in for a provider's API: records every request
 * and answers with `handle`, or with the scripted failures first.
 */
export async function startProviderServer(handle: (req: ProviderRequest) => ProviderAnswer): Promise<ProviderFixture> {
  const requests: ProviderRequest[] = [];
  const scripted: ProviderAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const answer = (a: ProviderAnswer) => {
      res.writeHead(a.status, { 'Content-Type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body));
    };
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return answer({ status: 413, body: { message: 'Request entity too large' } });
      const raw = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = undefined;
      }
      const url = new URL(req.url ?? '/', 'http://fixture');
      const received: ProviderRequest = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, raw, json };
      requests.push(received);
      answer(scripted.shift() ?? handle(received));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(answer, times = 1) {
      for (let i = 0; i < times; i++) scripted.push(answer);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a Content-Type header names JSON. */
export const isJsonContentType = (h: string | undefined) => /^application\/json\s*(;|$)/i.test(h ?? '');
