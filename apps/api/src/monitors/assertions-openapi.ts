import Joi from 'joi';
import { ASSERTION_LIMITS, ASSERTION_SHAPES } from '@vigil/core';
import { annotated, requestSchema } from '../http/joi-schema.js';
import type { JsonSchema } from '../http/route.js';

/**
 * The OpenAPI schema of a monitor's `assertions`, derived from the joi shapes of core
 * (assertion-shapes.ts: one object per source, operators and value rules from core). Unknown
 * fields of an assertion are refused (parseAssertions), so each shape says so; null and []
 * mean none (the default, not applied by joi: an update would overwrite).
 */
const ASSERTIONS = annotated(
  Joi.array()
    .items(Joi.alternatives().try(...ASSERTION_SHAPES.map((shape) => annotated(shape, { additionalProperties: false }))).match('one'))
    .max(ASSERTION_LIMITS.count)
    .allow(null)
    .description(
      'http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check\'s error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none',
    )
    .example([
      { source: 'status_code', operator: 'less_than', value: 400 },
      { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' },
      { source: 'header', name: 'content-type', operator: 'contains', value: 'json' },
      { source: 'certificate_expiry', operator: 'greater_than', value: 14 },
    ]),
  { default: [] },
);

export const ASSERTIONS_PROPERTY: JsonSchema = requestSchema(ASSERTIONS);
