import { Type } from '@sinclair/typebox';
import { component } from './components.js';

/** Every error answer: `{"error": "..."}` (components/schemas/Error of the document). */
export const ErrorSchema = component('Error', Type.Object(
  { error: Type.String({ description: 'What went wrong, in one sentence' }) },
  { additionalProperties: false, example: { error: 'Monitor not found' } },
));
