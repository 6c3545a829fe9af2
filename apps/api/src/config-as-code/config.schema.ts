import { Type } from '@sinclair/typebox';
import { component } from '../http/components.js';
import { MapOf, OpenObject, StringEnum } from '../http/schema.js';
import { KINDS, LIST_OF } from './document.js';

const FieldChange = Type.Object(
  {
    before: Type.Optional(Type.Unknown({ description: 'Current value (absent for a create); secrets masked' })),
    after: Type.Optional(Type.Unknown({ description: 'Value in the document (absent for a delete); secrets masked' })),
  },
  { additionalProperties: false },
);

export const ConfigPlanSchema = component(
  'ConfigPlan',
  Type.Object(
    {
      changes: Type.Array(
        Type.Object(
          {
            action: StringEnum(['create', 'update', 'delete', 'unchanged'] as const),
            kind: StringEnum(KINDS),
            key: Type.String(),
            diff: MapOf(FieldChange, { description: 'Field by field: create lists every field (after), delete every field (before), update the fields that differ, unchanged none' }),
          },
          { additionalProperties: false },
        ),
      ),
      summary: Type.Object(
        { create: Type.Integer(), update: Type.Integer(), delete: Type.Integer(), unchanged: Type.Integer() },
        { additionalProperties: false },
      ),
      fingerprint: Type.String({ description: "The account's state the plan was made against: give it to apply to refuse (409) if it changed since" }),
    },
    {
      additionalProperties: false,
      examples: [
        {
          changes: [{ action: 'update', kind: 'monitor', key: 'shop-home', diff: { check_interval: { before: 300, after: 60 } } }],
          summary: { create: 0, update: 1, delete: 0, unchanged: 4 },
          fingerprint: 'q1Vd3Rz3mQw6hXJ0pYcF1pDq2eG7m7xYw0Qb5oBqB9k',
        },
      ],
    },
  ),
);

export const ConfigDocumentSchema = component(
  'ConfigDocument',
  Type.Object(
    Object.fromEntries(KINDS.map((k) => [LIST_OF[k], Type.Array(OpenObject({ description: 'key plus the fields of the create body' }))])),
    { additionalProperties: false, description: 'A document listing every object of the account (GET /api/v1/config/schema describes it in full)' },
  ),
);

/** A 400 of a document: the resource endpoints' message and where in the document (`monitors[3].check_interval`). */
export const ConfigErrorSchema = component(
  'ConfigError',
  Type.Object(
    {
      error: Type.String({ examples: ['Invalid interval'] }),
      path: Type.Optional(Type.String({ description: 'The document path of the field at fault', examples: ['monitors[3].check_interval'] })),
    },
    { additionalProperties: true },
  ),
);
