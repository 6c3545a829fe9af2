import type { Request, RequestHandler, Response } from 'express';
import type Joi from 'joi';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * - `api-key`: Bearer key required; per-minute and daily limits, usage recorded.
 * - `optional-api-key`: anonymous allowed; a key, when sent, must be valid (header check).
 * - `none`: public (health, docs, removed endpoints).
 */
export type AuthMode = 'api-key' | 'optional-api-key' | 'none';

/** A JSON Schema fragment, as OpenAPI 3.1 uses it. */
export type JsonSchema = Record<string, unknown>;

/** A query parameter read by hand (not through a joi schema): its schema, description and whether required. */
export type QueryParamDoc = JsonSchema & { description?: string; required?: boolean };

export interface RouteDocs {
  /**
   * Query parameters: name -> the joi schema that validates it (the document derives the
   * parameter from it; see joiQuery()) or, for a parameter read by hand, its JSON Schema.
   * Path parameters come from the path.
   */
  query?: Record<string, Joi.Schema | QueryParamDoc>;
  /** The joi schema that validates the body: the document derives the body's schema and example from it. */
  body?: Joi.Schema;
  /** Status -> description and optional body schema; `contentType` when it is not JSON (pages, feeds, badges). */
  responses: Record<number, { description: string; schema?: JsonSchema; headers?: string[]; contentType?: string }>;
}

/**
 * One endpoint. Routes are declared as data so that the Express router, the 405 answers and
 * the OpenAPI document all come from the same list and cannot drift apart.
 */
export interface RouteDef {
  method: HttpMethod;
  /** Express path syntax, e.g. /api/v1/api-keys/:id */
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  /** Route-specific middleware after authentication (feature gates, endpoint limits). */
  before?: RequestHandler[];
  /** `ignore`: the request body is never read (e.g. removed endpoints). Default: JSON parsed. */
  body?: 'json' | 'ignore';
  handler: (req: Request, res: Response) => unknown;
  docs: RouteDocs;
}

export function route(def: RouteDef): RouteDef {
  return def;
}
