import Joi from 'joi';
import { ValidationError } from '../../errors/errors.js';
import type { MonitorTypeSpec } from './monitor-type-spec.js';

/**
 * A `heartbeat` (push) monitor: no outbound request; the monitored job reports in. Owned by the
 * heartbeat work (issue 16): this is the seam's minimal schedule, which it extends.
 */
export interface HeartbeatConfig {
  /** Seconds expected between pings. */
  period: number;
  /** Seconds a ping may be late before the monitor is down. */
  grace: number;
}

export const HEARTBEAT_CONFIG_MESSAGES = {
  config: 'Invalid config: a heartbeat monitor needs an object {period, grace}',
  period: 'Invalid config.period: must be an integer from 60 to 2592000 (seconds)',
  grace: 'Invalid config.grace: must be an integer from 60 to 2592000 (seconds)',
} as const;

const M = HEARTBEAT_CONFIG_MESSAGES;
const fail = (message: string) => new ValidationError(message);

export const HEARTBEAT_SPEC: MonitorTypeSpec<HeartbeatConfig> = {
  schema: Joi.object<HeartbeatConfig>({
    period: Joi.number().integer().min(60).max(2_592_000).default(86_400).error(fail(M.period)),
    grace: Joi.number().integer().min(60).max(2_592_000).default(3_600).error(fail(M.grace)),
  }),
  notAnObject: M.config,
  naturalKey: () => null,
  target: () => 'heartbeat',
  alreadyMonitored: 'Heartbeat already monitored',
};
