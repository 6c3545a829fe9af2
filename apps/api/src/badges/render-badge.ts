import { makeBadge } from 'badge-maker';
import Joi from 'joi';
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

/** The `label` query parameter: what customLabel keeps (and what the document says). */
export const LABEL_FIELD = Joi.string().max(MAX_LABEL_LENGTH).description('Replaces the left-hand text');

/** A caller's `?label=`: printable text (control characters dropped, then trimmed) that LABEL_FIELD accepts; anything else keeps the default, never a 400. */
export function customLabel(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = [...raw].filter((c) => c >= ' ' && c !== '\u007f').join('').trim();
  return LABEL_FIELD.validate(text).error ? null : text;
}
