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

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A secret as answers show it: a URL keeps its host, a string its masked form, a map (headers) its names. */
function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return /^https?:\/\//i.test(value) ? maskUrl(value) : maskSecret(value);
  if (isMap(value)) return Object.fromEntries(Object.keys(value).map((k) => [k, MASK]));
  return MASK;
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
export function openConfig(integration: Pick<Integration, 'config' | 'secrets'>, box: SecretBox): Record<string, unknown> {
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
 * client that GETs, edits and PUTs the config does not overwrite its secrets with masks. In a
 * secret map (a template webhook's headers), each masked value keeps its stored one.
 */
export function dropEchoedMasks(type: IntegrationType, incoming: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const out = { ...incoming };
  for (const name of secretFields(type)) {
    const given = out[name];
    const stored = current[name];
    if (given === undefined || stored === undefined) continue;
    if (isMap(given) && isMap(stored)) {
      // A map's masked values ("****") keep the stored value of the same name.
      out[name] = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v === MASK && typeof stored[k] === 'string' ? stored[k] : v]));
    } else if (given === maskValue(stored)) delete out[name];
  }
  return out;
}
