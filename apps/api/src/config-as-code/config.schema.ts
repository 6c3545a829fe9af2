import { Type } from '@sinclair/typebox';
import { component } from '../http/components.js';
import { ErrorSchema } from '../http/error.schema.js';
import { MapOf, OneOf, OpenObject, StringEnum } from '../http/schema.js';
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

const DOCUMENT_EXAMPLE = {
  monitors: [{ key: 'shop-home', name: 'Shop home', type: 'http', url: 'https://shop.example.com/', check_interval: 300 }],
  domains: [{ key: 'shop', hostname: 'shop.example.com', port: 443, monitoring_frequency: 'daily' }],
  integrations: [],
  maintenance_windows: [],
  status_pages: [],
};

/** An export: its entries are described by the document's JSON Schema (GET /api/v1/config/schema), derived from the create bodies. */
export const ConfigDocumentSchema = component(
  'ConfigDocument',
  Type.Object(
    Object.fromEntries(KINDS.map((k) => [LIST_OF[k], Type.Array(OpenObject({ description: 'key plus the fields of the create body' }))])),
    { additionalProperties: false, description: 'Every object of the account (GET /api/v1/config/schema describes the entries)', examples: [DOCUMENT_EXAMPLE] },
  ),
);

/** A 400 of a document entry: the resource endpoints' message and where in the document. */
const ConfigPathErrorSchema = component(
  'ConfigPathError',
  Type.Object(
    {
      error: Type.String({ examples: ['Invalid interval'] }),
      path: Type.String({ description: 'The document path of the field at fault (empty: the document itself)', examples: ['monitors[3].check_interval'] }),
    },
    { additionalProperties: false },
  ),
);

/** 400 of plan and apply: a document error with its path, or a request error (invalid JSON, query). */
export const ConfigErrorSchema = OneOf([ConfigPathErrorSchema, ErrorSchema]);

/** The JSON Schema the schema route answers: its own shape is JSON Schema's. */
export const JsonSchemaDocument = OpenObject({
  description: 'A JSON Schema (draft 2020-12)',
  examples: [{ $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'Vigil configuration (vigil.yaml)', type: 'object', properties: { monitors: { type: 'array' } } }],
});

const closed = (name: string, fields: Parameters<typeof Type.Object>[0]) => component(name, Type.Object(fields, { additionalProperties: false }));

/** 409 of apply: another apply under way; the account changed since the plan; a name another object has (at its entry). */
export const ConfigConflictSchema = OneOf([
  closed('ConfigAccountChanged', {
    error: Type.Literal('The account changed since the plan: plan again'),
    fingerprint: Type.String({ description: "The account's fingerprint now" }),
  }),
  closed('ConfigEntryConflict', { error: Type.String({ examples: ['URL already monitored', 'Slug already taken'] }), path: Type.String({ examples: ['monitors[2]'] }) }),
  closed('ConfigDomainConflict', { error: Type.Literal('Domain already exists'), hostname: Type.String(), port: Type.Integer(), path: Type.String({ examples: ['domains[0]'] }) }),
  ErrorSchema,
]);
