import { startReceiver, type ReceivedRequest, type Receiver } from '../receiver.js';

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A provider on loopback: `handle` checks each request as the provider's API documentation
 * specifies and answers as the provider does; `script` answers first (a 429, a 500) when a test
 * queues one.
 */
export interface ProviderFixture extends Receiver {
  script: Answer[];
}

export async function providerFixture(handle: (req: ReceivedRequest) => Answer): Promise<ProviderFixture> {
  const script: Answer[] = [];
  const receiver = await startReceiver((_n, req) => script.shift() ?? handle(req));
  return Object.assign(receiver, { script });
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return { status, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } };
}

/** The request's JSON body as an object, or null. */
export function bodyOf(req: ReceivedRequest): Record<string, unknown> | null {
  const b = req.json;
  return b !== null && typeof b === 'object' && !Array.isArray(b) ? Object.fromEntries(Object.entries(b)) : null;
}

/** The request's form body (application/x-www-form-urlencoded). */
export function formOf(req: ReceivedRequest): URLSearchParams | null {
  return String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(req.raw.toString('utf8')) : null;
}
