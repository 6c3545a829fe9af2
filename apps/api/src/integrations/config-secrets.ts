import { channelOf, MASK, maskSecret, SecretBoxError, type Integration, type IntegrationType, type SecretBox } from '@vigil/core';

/** Names of the secret fields of a type (its channel's). */
function secretFields(type: IntegrationType): readonly string[] {
  return channelOf(type).secretFields;
}

/**
 * A secret URL masked: scheme, host and the leading lower-case words of the path stay, the
 * rest (tokens, ids, query) goes, e.g. https://hooks.slack.com/services/T0/B0/x ->
 * https://hooks.slack.com/services/****, https://discord.com/api/webhooks/1/t ->
 * https://discord.com/api/webhooks/****.
 */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASK;
  }
  const segments = parsed.pathname.split('/').filter(Boolean);
  const kept: string[] = [];
  for (const s of segments.slice(0, -1)) {
    if (!/^[a-z][a-z-]*$/.test(s)) break;
    kept.push(s);
  }
  return `${parsed.protocol}//${parsed.host}/${[...kept, MASK].join('/')}`;
}

function maskValue(value: unknown): unknown {
  if (typeof value !== 'string') return MASK;
  return /^https?:\/\//i.test(value) ? maskUrl(value) : maskSecret(value);
}

/** Splits a validated config into what is stored in clear and what is sealed. */
export function splitConfig(type: IntegrationType, config: Record<string, unknown>): { clear: Record<string, unknown>; secret: Record<string, unknown> } {
  const names = new Set(secretFields(type));
  const clear: Record<string, unknown> = {};
  const secret: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) (names.has(k) ? secret : clear)[k] = v;
  return { clear, secret };
}

/**
 * The whole config of a stored integration, secrets opened. Secrets sealed under another key
 * (VIGIL_SECRET_KEY changed) are left out: answers then omit them and an update must send
 * them again (a webhook gets a new generated secret).
 */
export function openConfig(integration: Integration, box: SecretBox): Record<string, unknown> {
  let secret: Record<string, unknown> = {};
  try {
    if (integration.secrets) secret = box.openJson<Record<string, unknown>>(integration.secrets);
  } catch (e) {
    if (!(e instanceof SecretBoxError)) throw e;
  }
  return { ...integration.config, ...secret };
}

/** The config as responses show it: every secret field masked, unless named in `reveal`. */
export function maskedConfig(type: IntegrationType, config: Record<string, unknown>, reveal: string[] = []): Record<string, unknown> {
  const names = new Set(secretFields(type));
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, names.has(k) && !reveal.includes(k) ? maskValue(v) : v]),
  );
}

/**
 * Secret fields sent back exactly as a response showed them (masked) mean "unchanged": a
 * client that GETs, edits and PUTs the config does not overwrite its secrets with masks.
 */
export function dropEchoedMasks(type: IntegrationType, incoming: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const out = { ...incoming };
  for (const name of secretFields(type)) {
    if (name in out && current[name] !== undefined && out[name] === maskValue(current[name])) delete out[name];
  }
  return out;
}
