import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { paths, components, operations } from './openapi.js';
export { retryAfterSeconds, retryingFetch, type RetryOptions } from './retry.js';

export interface VigilClientOptions {
  /** Where the API listens, e.g. http://localhost:3000 */
  baseUrl: string;
  /** An API key; sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  retry?: RetryOptions;
}

/** Answers are typed by their JSON media type: openapi-fetch parses JSON unless told otherwise (`parseAs`). */
export type JsonMedia = `${string}/json`;

/** A typed client of the Vigil API: paths, parameters, bodies and answers come from the OpenAPI document. */
export function createClient(opts: VigilClientOptions): Client<paths, JsonMedia> {
  return createFetchClient<paths, JsonMedia>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    headers: opts.apiKey ? { Authorization: `Bearer ${opts.apiKey}` } : {},
    fetch: retryingFetch(opts.retry),
  });
}
