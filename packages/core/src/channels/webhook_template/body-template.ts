import { ValidationError } from '../../errors/errors.js';
import { TEMPLATE_PATHS, type JsonValue } from './template-context.js';

/** Bounds on a tenant's template: its size, its placeholders, and what it renders to. */
export const TEMPLATE_MAX_CHARS = 16_384;
export const TEMPLATE_MAX_PLACEHOLDERS = 100;
export const RENDERED_MAX_BYTES = 262_144;

type Part = { text: string } | { path: string; inString: boolean };

const KNOWN = new Set<string>(TEMPLATE_PATHS);
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]{1,100})\s*\}\}/y;

function invalid(reason: string): ValidationError {
  return new ValidationError(`Invalid config.body_template: ${reason}`);
}

/**
 * A template split into text and placeholders, each placeholder knowing whether it stands inside
 * a JSON string literal (then its value is inserted as escaped string content) or not (then as a
 * JSON value). One pass over at most TEMPLATE_MAX_CHARS characters; an unknown placeholder is a
 * ValidationError naming it.
 */
export function parseTemplate(template: string): Part[] {
  if (template.length > TEMPLATE_MAX_CHARS) throw invalid(`must be at most ${TEMPLATE_MAX_CHARS} characters`);
  const parts: Part[] = [];
  let text = '';
  let inString = false;
  let placeholders = 0;
  for (let i = 0; i < template.length; ) {
    PLACEHOLDER.lastIndex = i;
    const m = template.startsWith('{{', i) ? PLACEHOLDER.exec(template) : null;
    if (m) {
      const path = m[1];
      if (!KNOWN.has(path)) throw invalid(`unknown placeholder {{${path}}}; known: ${TEMPLATE_PATHS.join(', ')}`);
      if (++placeholders > TEMPLATE_MAX_PLACEHOLDERS) throw invalid(`at most ${TEMPLATE_MAX_PLACEHOLDERS} placeholders`);
      if (text) parts.push({ text });
      text = '';
      parts.push({ path, inString });
      i += m[0].length;
      continue;
    }
    const ch = template[i];
    if (inString && ch === '\\') {
      text += template.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === '"') inString = !inString;
    text += ch;
    i += 1;
  }
  if (text) parts.push({ text });
  return parts;
}

function lookup(context: Record<string, JsonValue>, path: string): JsonValue {
  let v: JsonValue = context;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !(key in v)) return null;
    v = v[key];
  }
  return v;
}

/** A value inside a JSON string: its text (objects as their JSON), escaped, without the quotes. */
function inStringLiteral(value: JsonValue): string {
  const text = value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return JSON.stringify(text).slice(1, -1);
}

/** The body: every placeholder replaced by its value, JSON-escaped; null when it exceeds RENDERED_MAX_BYTES. */
export function renderTemplate(parts: readonly Part[], context: Record<string, JsonValue>): string | null {
  let out = '';
  for (const part of parts) {
    if ('text' in part) out += part.text;
    else {
      const value = lookup(context, part.path);
      out += part.inString ? inStringLiteral(value) : JSON.stringify(value);
    }
    if (out.length > RENDERED_MAX_BYTES) return null;
  }
  return Buffer.byteLength(out) > RENDERED_MAX_BYTES ? null : out;
}

/**
 * Checks a template at save time: its placeholders known, and the body it renders (with every
 * placeholder filled in from `sample`) valid JSON.
 */
export function checkTemplate(template: string, sample: Record<string, JsonValue>): void {
  const body = renderTemplate(parseTemplate(template), sample);
  if (body === null) throw invalid(`renders to more than ${RENDERED_MAX_BYTES} bytes`);
  try {
    JSON.parse(body);
  } catch (e) {
    throw invalid(`must be JSON once its placeholders are filled in (${(e as Error).message})`);
  }
}
