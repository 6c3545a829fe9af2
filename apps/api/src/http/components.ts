import type { TSchema } from '@sinclair/typebox';

const NAMES = new Map<object, string>();

/**
 * Marks a shared response shape: the document lists it once under components/schemas and
 * refers to it wherever that very object is used (a modified copy, e.g. made optional or
 * nullable, is written inline). Serializers use the object itself, so nothing else changes.
 */
export function component<T extends TSchema>(name: string, schema: T): T {
  for (const [other, n] of NAMES) if (n === name && other !== schema) throw new Error(`Schema component ${name} declared twice`);
  NAMES.set(schema, name);
  return schema;
}

/** The component name of a schema object, if it is one. */
export function componentName(schema: object): string | undefined {
  return NAMES.get(schema);
}
