import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  createGuardedAgents,
  describeNetworkError,
  stallSafeTimeout,
  websocketReplyMatches,
  type CheckResult,
  type Clock,
  type GuardedAgents,
  type OutboundPolicy,
  type WebsocketCheckDetails,
} from '@vigil/core';
import { timeoutText, unexpectedStatusText } from '../check-errors.js';
import type { Prober, SourceOptions } from '../prober.js';
import type { ProbeTargetOf } from '../probe-target.js';

type WebsocketTarget = ProbeTargetOf<'websocket'>;

/** Bounds of what a target may send: bytes of one message, messages judged, characters kept. */
export const WEBSOCKET_PROBE_BOUNDS = { replyBytes: 65_536, replies: 20, keptChars: 512, shownChars: 100 } as const;
const B = WEBSOCKET_PROBE_BOUNDS;

/** Why an exchange failed after the connection was made (the network failures are the socket's own errors). */
class ExchangeFailure extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

interface Exchange {
  /** Milliseconds from the start to the handshake, or to the reply that matched. */
  elapsed: number;
  details: WebsocketCheckDetails;
}

/**
 * websocket: open the URL through the outbound guard's agents (every address checked at connect
 * time; VIGIL_SOURCE_ADDRESS bound when set), send `message`, and with `expected_reply` wait for
 * a text reply that contains (or matches) it, all within the monitor's timeout. Replies are
 * bounded: 64 KiB a message, 20 messages, no compression. The socket is dropped at once after.
 */
export function websocketProber(policy: OutboundPolicy, opts: SourceOptions = {}): Prober<'websocket'> {
  const agents = createGuardedAgents(policy);
  return {
    kind: 'pull',
    probe: (target, clock) => probeWebsocket(target, clock, agents, opts),
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

export async function probeWebsocket(target: WebsocketTarget, clock: Clock, agents: GuardedAgents, opts: SourceOptions = {}): Promise<CheckResult> {
  const timestamp = clock.now().toISOString();
  try {
    const { elapsed, details } = await exchange(target, agents, opts);
    return { timestamp, status: 'success', response_time_ms: elapsed, status_code: 101, details };
  } catch (e) {
    const statusCode = e instanceof ExchangeFailure ? e.statusCode : null;
    return { timestamp, status: 'failure', response_time_ms: null, status_code: statusCode, error: failureText(e, target) };
  }
}

function failureText(err: unknown, target: WebsocketTarget): string {
  if (err instanceof ExchangeFailure) return err.message;
  if ((err as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return `WebSocket reply larger than ${B.replyBytes} bytes`;
  return describeNetworkError(err, target.url);
}

const shown = (text: string) => (text.length > B.shownChars ? `${text.slice(0, B.shownChars)}…` : text);

function expectation(target: WebsocketTarget): string {
  return `reply ${target.match === 'contains' ? 'containing' : 'matching'} "${shown(target.expected_reply ?? '')}"`;
}

function exchange(target: WebsocketTarget, agents: GuardedAgents, opts: SourceOptions): Promise<Exchange> {
  const started = performance.now();
  const details: WebsocketCheckDetails = { kind: 'websocket', reply: null, truncated: false, messages: 0 };
  return new Promise<Exchange>((resolve, reject) => {
    const ws = new WebSocket(target.url, {
      agent: target.url.startsWith('wss:') ? agents.https : agents.http,
      rejectUnauthorized: target.verify_tls,
      maxPayload: B.replyBytes,
      perMessageDeflate: false,
      followRedirects: false,
      ...(opts.sourceAddress !== undefined ? { localAddress: opts.sourceAddress } : {}),
    });
    let settled = false;
    /** Ends the exchange once: the socket dropped, the timer cleared. */
    const end = (): boolean => {
      if (settled) return false;
      settled = true;
      timer.clear();
      ws.terminate();
      return true;
    };
    const fail = (err: unknown) => {
      if (end()) reject(err);
    };
    const succeed = () => {
      if (end()) resolve({ elapsed: Math.max(0, Math.round(performance.now() - started)), details });
    };
    // Stall-safe: after an event-loop stall, a reply that arrived in time is read first.
    const timer = stallSafeTimeout(() => {
      const waiting = ws.readyState === WebSocket.OPEN && target.expected_reply !== null;
      fail(new ExchangeFailure(waiting ? `No ${expectation(target)} within ${target.timeoutSeconds} s${lastReply(details)}` : timeoutText(target.timeoutSeconds)));
    }, target.timeoutSeconds * 1000);
    // Errors after settling (the terminate above) are the check's own doing.
    ws.on('error', (e) => fail(e));
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      fail(new ExchangeFailure(`WebSocket handshake refused: ${unexpectedStatusText(res.statusCode ?? 0, res.statusMessage)} (expected 101 Switching Protocols)`, res.statusCode ?? null));
    });
    ws.on('open', () => {
      if (target.message === null) {
        if (target.expected_reply === null) succeed();
        return;
      }
      ws.send(target.message, (e) => {
        if (e) fail(e);
        else if (target.expected_reply === null) succeed();
      });
    });
    ws.on('message', (data, isBinary) => {
      details.messages++;
      if (!isBinary) {
        const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
        details.reply = text.slice(0, B.keptChars);
        details.truncated = text.length > B.keptChars;
        if (target.expected_reply !== null && websocketReplyMatches(target, text)) return succeed();
      }
      if (target.expected_reply !== null && details.messages >= B.replies) fail(new ExchangeFailure(`No ${expectation(target)} in the first ${B.replies} messages${lastReply(details)}`));
    });
    ws.on('close', (code) => {
      const before = target.expected_reply === null ? 'the message was sent' : `a ${expectation(target)}`;
      fail(new ExchangeFailure(`WebSocket closed by the server (code ${code}) before ${before}${lastReply(details)}`));
    });
  });
}

function lastReply(details: WebsocketCheckDetails): string {
  return details.reply === null ? '' : ` (last reply: "${shown(details.reply)}")`;
}
