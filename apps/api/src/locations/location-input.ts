import Joi from 'joi';
import { REGION_NAME_PATTERN, ValidationError } from '@vigil/core';
import { documentedAs } from '../http/joi-schema.js';

/** At most this many private locations per account, and networks per location (tenant input is bounded). */
export const MAX_LOCATIONS_PER_ACCOUNT = 20;
export const MAX_ALLOWED_CIDRS = 32;
export const DEFAULT_OFFLINE_AFTER_SECONDS = 300;
export const DEFAULT_OVERLAP_SECONDS = 3600;

export const INVALID_LOCATION_NAME = "Invalid name: lower-case letters, digits and '-', starting with a letter, at most 32 characters";
const INVALID_CIDRS = `Invalid allowed_cidrs: must be a list of at most ${MAX_ALLOWED_CIDRS} distinct CIDR networks (e.g. 10.0.0.0/8)`;

export interface CreateLocationInput {
  name: string;
  allowed_cidrs?: string[];
  offline_after_seconds?: number;
}

export const createLocationBody = Joi.object<CreateLocationInput>({
  name: Joi.string().required().pattern(REGION_NAME_PATTERN).error(new ValidationError(INVALID_LOCATION_NAME)).description('Lower-case letters, digits and `-`, starting with a letter; what monitors name in `regions`'),
  allowed_cidrs: Joi.array()
    // joi-to-json reads ip() as format ipv4, which a CIDR is not.
    .items(documentedAs(Joi.string().ip({ cidr: 'required' }), Joi.string().description('A network in CIDR notation, e.g. 10.0.0.0/8 or fd00::/8')))
    .max(MAX_ALLOWED_CIDRS)
    .unique()
    .error(new ValidationError(INVALID_CIDRS))
    .description('Non-public networks the location\'s agents may reach; public addresses are always reachable, any other private address is refused. Default: none'),
  offline_after_seconds: Joi.number()
    .integer()
    .min(60)
    .max(86_400)
    .error(new ValidationError('Invalid offline_after_seconds: must be an integer from 60 to 86400'))
    .description(
      `How long without a polling agent counts as offline (default ${DEFAULT_OFFLINE_AFTER_SECONDS}): then \`location.offline\` is sent, once, and \`location.online\` when an agent polls again`,
    ),
}).example({ name: 'office-berlin', allowed_cidrs: ['10.20.0.0/16'] });

export const rotateKeyBody = Joi.object<{ overlap_seconds?: number }>({
  overlap_seconds: Joi.number()
    .integer()
    .min(0)
    .max(604_800)
    .error(new ValidationError('Invalid overlap_seconds: must be an integer from 0 to 604800'))
    .description(`How long the previous key keeps working (default ${DEFAULT_OVERLAP_SECONDS}); 0 stops it at once`),
}).example({ overlap_seconds: 600 });
