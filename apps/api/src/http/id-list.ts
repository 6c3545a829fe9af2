import Joi from 'joi';

const MAX_ID = 2_147_483_647;
/** Ids one scope may name (integrations, maintenance windows). */
export const MAX_SCOPE_IDS = 1000;

/** A body field listing distinct resource ids, e.g. `monitor_ids` ("Invalid monitor_ids: ..."). */
export function idListField(field: string): Joi.ArraySchema<number[]> {
  return Joi.array()
    .items(Joi.number().integer().min(1).max(MAX_ID))
    .max(MAX_SCOPE_IDS)
    .unique()
    .messages({ '*': `Invalid ${field}: must be a list of at most ${MAX_SCOPE_IDS} distinct ${field.replace('_ids', '')} ids` });
}
