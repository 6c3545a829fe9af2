import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  json: unknown;
}

/**
 * What the receiver answers to its n-th request (0-based): after `delayMs`, or once `release`
 * settles (the request is held until then).
 */
export type Responder = (
  n: number,
  req: ReceivedRequest,
) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number; release?: Promise<unknown> };

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records every request and answers per `respond`. */
export async function startReceiver(respond: Responder = () => ({ status: 200 })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let json: unknown = null;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        json = null;
      }
      const received: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, json };
      const n = requests.length;
      requests.push(received);
      const answer = respond(n, received);
      const send = () => {
        res.statusCode = answer.status;
        for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
        res.end(answer.body ?? '');
      };
      if (answer.release) {
        void answer.release.then(send, send);
      } else if (answer.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, answer.delayMs);
        timers.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
