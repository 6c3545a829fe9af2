import Joi from 'joi';
import { ValidationError, type CheckResult } from '@vigil/core';

/** Bounds of the agent protocol (docs/agents.md): what one poll or one post may carry. */
export const MAX_LEASES_PER_POLL = 50;
export const MAX_WAIT_SECONDS = 25;
export const DEFAULT_WAIT_SECONDS = 20;
export const MAX_RESULTS_PER_POST = 100;
const MAX_ERROR_CHARS = 2_000;
const MAX_MS = 600_000;

export interface LeaseRequest {
  agent_id: string;
  version: string;
  max?: number;
  wait_seconds?: number;
}

export const leaseRequestBody = Joi.object<LeaseRequest>({
  agent_id: Joi.string().pattern(/^[A-Za-z0-9._-]{1,64}$/).required().error(new ValidationError('Invalid agent_id: 1 to 64 letters, digits, ".", "_" or "-"')).description('The agent process (chosen by it, e.g. host name and pid)'),
  version: Joi.string().pattern(/^[A-Za-z0-9.+_-]{1,32}$/).required().error(new ValidationError('Invalid version: 1 to 32 letters, digits, ".", "+", "_" or "-"')),
  max: Joi.number().integer().min(1).max(MAX_LEASES_PER_POLL).error(new ValidationError(`Invalid max: must be an integer from 1 to ${MAX_LEASES_PER_POLL}`)).description('At most this many leases (default 10)'),
  wait_seconds: Joi.number()
    .integer()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .error(new ValidationError(`Invalid wait_seconds: must be an integer from 0 to ${MAX_WAIT_SECONDS}`))
    .description(`Long poll: answer as soon as a run is due, at the latest after this long with no lease (default ${DEFAULT_WAIT_SECONDS})`),
}).example({ agent_id: 'office-1.4711', version: '0.1.0', max: 10, wait_seconds: 20 });

const ms = () => Joi.number().integer().min(0).max(MAX_MS);
const nullableMs = () => ms().allow(null);

const checkResult = Joi.object<CheckResult>({
  timestamp: Joi.string().isoDate().required(),
  status: Joi.string().valid('success', 'failure').required(),
  response_time_ms: nullableMs().required(),
  status_code: Joi.number().integer().min(100).max(599).allow(null).required(),
  error: Joi.string().max(MAX_ERROR_CHARS),
  timings: Joi.object({ dns: nullableMs().required(), connect: nullableMs().required(), tls: nullableMs().required(), first_byte: nullableMs().required(), download: nullableMs().required() }),
  certificate_expires_at: Joi.string().isoDate(),
  details: Joi.object({
    kind: Joi.string().valid('dns').required(),
    server: Joi.string().max(300).required(),
    answers: Joi.array().items(Joi.string().max(512)).max(50).required(),
    truncated: Joi.boolean().required(),
  }),
});

export interface PostedResult {
  lease_id: string;
  /** What the agent says its location is: must be the key's (a forged one is refused). */
  location?: string;
  result: CheckResult;
}

export const resultsBody = Joi.object<{ results: PostedResult[] }>({
  results: Joi.array()
    .items(
      Joi.object({
        lease_id: Joi.string().pattern(/^[a-f0-9]{32}$/).required(),
        location: Joi.string().max(64),
        result: checkResult.required(),
      }),
    )
    .min(1)
    .max(MAX_RESULTS_PER_POST)
    .required()
    .error(new ValidationError(`Invalid results: must be a list of 1 to ${MAX_RESULTS_PER_POST} {lease_id, location?, result} with a check result each`)),
}).example({
  results: [{ lease_id: '6f1c0c1de2d94b7a9a8f3b2c1d0e9f8a', location: 'office-berlin', result: { timestamp: '2026-01-01T00:00:00.000Z', status: 'success', response_time_ms: 42, status_code: 200 } }],
});
