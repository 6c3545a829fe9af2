import { makeBadge } from 'badge-maker';
import { Type, type Static } from '@sinclair/typebox';
import type { BadgeFace } from './badge-values.js';

export const MAX_LABEL_LENGTH = 64;

/**
 * The flat shields.io style, drawn by badge-maker (shields' own renderer): text widths come
 * from its Verdana 11px width table, and label and message are XML-escaped there.
 */
export function renderBadgeSvg(face: BadgeFace): string {
  return makeBadge({ label: face.label, message: face.message, color: face.color, style: 'flat' });
}

/** The shields.io "endpoint" JSON (https://shields.io/badges/endpoint-badge). */
/** The shields.io endpoint JSON of a badge (https://shields.io/badges/endpoint-badge). */
export const ShieldsEndpointSchema = Type.Object({
  schemaVersion: Type.Literal(1),
  label: Type.String(),
  message: Type.String(),
  color: Type.String(),
  cacheSeconds: Type.Integer(),
});

export function renderShieldsEndpoint(face: BadgeFace, cacheSeconds: number): Static<typeof ShieldsEndpointSchema> {
  return { schemaVersion: 1, label: face.label, message: face.message, color: face.color, cacheSeconds };
}

/** A caller's `?label=`: printable text, at most MAX_LABEL_LENGTH characters; anything else keeps the default. */
export function customLabel(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = [...raw].filter((c) => c >= ' ' && c !== '\u007f').join('').trim();
  return text && text.length <= MAX_LABEL_LENGTH ? text : null;
}
