import type { MonitorMethod } from '../db/entities/monitor.entity.js';
import type { Assertion } from './assertions/assertion.js';

/** What a check of a monitor does and expects, as a create body names the fields. */
export interface CheckDefaults {
  timeout: number;
  method: MonitorMethod;
  expected_status_codes: number[];
  expected_content: string | null;
  headers: Record<string, string>;
  body: string | null;
  follow_redirects: boolean;
  verify_ssl: boolean;
  assertions: Assertion[];
}

/**
 * The create body's defaults of these fields (decisions §4/§6 and the seed's Monitor table):
 * the API's, and `vigil test`'s for a file's monitors, so that a check is judged alike there.
 */
export const CHECK_DEFAULTS: CheckDefaults = {
  timeout: 30,
  method: 'GET',
  expected_status_codes: [200, 201, 204],
  expected_content: null,
  headers: {},
  body: null,
  follow_redirects: true,
  verify_ssl: true,
  assertions: [],
};
