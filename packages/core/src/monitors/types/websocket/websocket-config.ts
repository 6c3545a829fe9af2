import { Type, type Static } from '@sinclair/typebox';
import Joi from 'joi';
import { ValidationError } from '../../../errors/errors.js';
import { ASSERTION_LIMITS } from '../../assertions/assertion.js';
import { regexProblem, userRegex } from '../../assertions/user-regex.js';
import { canonicalTargetHost } from '../target-host.js';
import type { MonitorTypeSpec } from '../monitor-type-spec.js';

/** How `expected_reply` judges a reply: it contains the text, or the regular expression matches it. */
export const WEBSOCKET_MATCH_MODES = ['contains', 'matches'] as const;
export type WebsocketMatchMode = (typeof WEBSOCKET_MATCH_MODES)[number];

/**
 * A `websocket` monitor: open a WebSocket to `url`, send `message` (if any) and, with
 * `expected_reply`, wait for a text reply that contains it (or that the pattern matches).
 */
export interface WebsocketConfig {
  /** ws:// or wss:// URL in WHATWG canonical form. */
  url: string;
  /** Text frame sent once the connection is open; null = none. */
  message: string | null;
  /** null: the opening handshake alone decides the check. */
  expected_reply: string | null;
  match: WebsocketMatchMode;
  /** wss: verify the certificate chain and that it covers the URL's host. */
  verify_tls: boolean;
}

export const WEBSOCKET_LIMITS = {
  urlChars: 2048,
  messageChars: 4096,
  expectedReplyChars: ASSERTION_LIMITS.text,
  patternChars: ASSERTION_LIMITS.pattern,
} as const;

const L = WEBSOCKET_LIMITS;

export const WEBSOCKET_CONFIG_MESSAGES = {
  config: 'Invalid config: a websocket monitor needs an object {url, message?, expected_reply?, match?, verify_tls?}',
  url: `Invalid config.url: must be a ws:// or wss:// URL of at most ${L.urlChars} characters, without user name, password or fragment`,
  message: `Invalid config.message: must be a string of 1 to ${L.messageChars} characters, or null`,
  expectedReply: `Invalid config.expected_reply: must be a string of 1 to ${L.expectedReplyChars} characters, or null`,
  match: `Invalid config.match: must be one of ${WEBSOCKET_MATCH_MODES.join(', ')}`,
  pattern: `Invalid config.expected_reply: with match "matches", must be a regular expression of at most ${L.patternChars} characters that RE2 runs (no backreferences, no lookaround)`,
  verifyTls: 'Invalid config.verify_tls: must be a boolean',
} as const;

const M = WEBSOCKET_CONFIG_MESSAGES;
const fail = (message: string) => new ValidationError(message);

/** The URL in canonical form (scheme and host lower-cased, default port dropped), or null when it is not a monitorable ws:// or wss:// URL. */
export function canonicalWebsocketUrl(raw: string): string | null {
  const text = raw.trim();
  if (!/^wss?:\/\/[^/?#\\]/i.test(text) || /\s/.test(text) || [...text].some((ch) => ch < ' ' || ch === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash || !canonicalTargetHost(url.hostname)) return null;
  return url.href;
}

/** Whether a text reply satisfies the configuration's expectation (RE2: linear in the reply, whatever the pattern). */
export function websocketReplyMatches(config: Pick<WebsocketConfig, 'expected_reply' | 'match'>, reply: string): boolean {
  if (config.expected_reply === null) return true;
  return config.match === 'contains' ? reply.includes(config.expected_reply) : userRegex(config.expected_reply).test(reply);
}

/** What a websocket check saw: the last text reply (cut to 512 characters) and how many messages came. */
export const WebsocketCheckDetailsSchema = Type.Object(
  {
    kind: Type.Literal('websocket'),
    reply: Type.Union([Type.String({ maxLength: 512 }), Type.Null()]),
    truncated: Type.Boolean(),
    messages: Type.Integer({ minimum: 0 }),
  },
  {
    title: 'websocket',
    description: 'websocket checks: the last text reply (at most 512 characters; truncated says it was cut, null: none) and how many messages came',
  },
);
export type WebsocketCheckDetails = Static<typeof WebsocketCheckDetailsSchema>;

export const WEBSOCKET_SPEC: MonitorTypeSpec<WebsocketConfig, typeof WebsocketCheckDetailsSchema> = {
  kind: 'pull',
  schema: Joi.object<WebsocketConfig>({
    url: Joi.string()
      .max(L.urlChars)
      .custom((v: string, helpers) => canonicalWebsocketUrl(v) ?? helpers.error('any.invalid'))
      .required()
      .error(fail(M.url))
      .description('ws:// or wss:// URL to open (no credentials: the URL is stored as given)'),
    message: Joi.string().min(1).max(L.messageChars).allow(null).default(null).error(fail(M.message)).description('Text sent once the connection is open'),
    expected_reply: Joi.string()
      .min(1)
      .max(L.expectedReplyChars)
      .allow(null)
      .default(null)
      .error(fail(M.expectedReply))
      .description('A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides'),
    match: Joi.string()
      .valid(...WEBSOCKET_MATCH_MODES)
      .default('contains')
      .error(fail(M.match)),
    verify_tls: Joi.boolean().default(true).error(fail(M.verifyTls)).description('wss: verify the certificate chain and name'),
  })
    .description('type websocket: open a WebSocket, optionally send a message and wait for a reply that contains (or matches) expected_reply')
    .example({ url: 'wss://stream.example.com/ws', message: 'ping', expected_reply: 'pong' })
    .custom((c: WebsocketConfig) => {
      if (c.match === 'matches' && c.expected_reply !== null && (c.expected_reply.length > L.patternChars || regexProblem(c.expected_reply) !== null)) throw fail(M.pattern);
      return c;
    })
    // The ValidationError thrown above, as it is (joi would wrap its message).
    .error((reports) => {
      const cause: unknown = reports[0]?.local?.error;
      return cause instanceof ValidationError ? cause : reports;
    }),
  messages: M,
  notAnObject: M.config,
  naturalKey: (c) => c.url,
  target: (c) => c.url,
  alreadyMonitored: 'WebSocket URL already monitored',
  details: WebsocketCheckDetailsSchema,
};
