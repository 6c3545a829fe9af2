import type { Request, RequestHandler, Response } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import type Joi from 'joi';
import type { RequiredScope } from '@vigil/core';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * - `api-key`: Bearer key required; per-minute and daily limits, usage recorded.
 * - `optional-api-key`: anonymous allowed; a key, when sent, must be valid (header check).
 * - `agent-key`: Bearer agent key of a private location (the agent protocol, docs/agents.md).
 * - `none`: public (health, docs, removed endpoints).
 */
export type AuthMode = 'api-key' | 'optional-api-key' | 'agent-key' | 'none';

/** A JSON Schema fragment, as OpenAPI 3.1 uses it. */
export type JsonSchema = Record<string, unknown>;

/**
 * One documented answer. `schema` is the TypeBox schema of a JSON body: the document shows it
 * and the answer is serialised through it. `contentType` when the body is not JSON (pages,
 * feeds, badges); with both, the answer is that type or JSON (a badge's SVG or endpoint JSON).
 * Errors without a schema have the shared error shapes.
 */
export interface ResponseDoc {
  description: string;
  schema?: TSchema;
  headers?: string[];
  contentType?: string;
}

export type ResponseDocs = Record<number, ResponseDoc>;

export interface RouteDocs<R extends ResponseDocs = ResponseDocs> {
  /**
   * Query parameters: name -> the joi schema that validates it (the document derives the
   * parameter from it: queryFields() of the query's joi object). Path parameters come from the path.
   */
  query?: Record<string, Joi.Schema>;
  /** The joi schema that validates the body: the document derives the body's schema and example from it. */
  body?: Joi.Schema;
  responses: R;
}

/** The body a documented status answers with. */
export type BodyOf<D> = D extends { schema: infer S extends TSchema } ? Static<S> : never;

/**
 * Answers `status` with `body`, serialised through the status's schema; the compiler checks
 * that the body is what the schema says. Statuses without a schema (errors) answer plain JSON.
 */
export type Send<R extends ResponseDocs> = <S extends keyof R & number>(status: S, body: BodyOf<R[S]>) => void;

/** `send` as the machinery gives it to every route, whatever its schemas. */
export type SendAny = (status: number, body: unknown) => void;

interface RouteFields {
  method: HttpMethod;
  /** Express path syntax, e.g. /api/v1/api-keys/:id */
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  /**
   * What the key must hold (decisions: "Scoped API keys"): required on every `api-key` route
   * (the boot fails without it), enforced before the route's own steps and shown as the
   * operation's security requirement.
   */
  scope?: RequiredScope;
  /** Route-specific middleware after authentication (feature gates, endpoint limits). */
  before?: RequestHandler[];
  /** `ignore`: the request body is never read (e.g. removed endpoints). Default: JSON parsed. */
  body?: 'json' | 'ignore';
  /**
   * A keyed GET whose answer depends only on the key and the URL: its handler answers through
   * `send` alone (no headers of its own on `res`, no per-request side effects). Identical requests
   * of one key that overlap share one execution (ReadCoalescer: each still gets a read that
   * started after it asked, so read-your-writes holds).
   */
  coalesce?: boolean;
  /**
   * The handler counts the per-IP burst limit itself (takeDeferredBurst, then its own Redis call
   * with the burst in it, answering the burst's 429 before anything else): the pings, and the
   * agent routes (authenticateAgent). Not on a Redis Cluster, where the burst middleware counts
   * it as for any path.
   */
  ownBurst?: true;
}

/** A route as written, typed by its own responses. */
export interface TypedRouteDef<R extends ResponseDocs> extends RouteFields {
  /** JSON answers go through `send` (res.json is routed through it too, so nothing bypasses the schema). */
  handler: (req: Request, res: Response, send: Send<R>) => unknown;
  docs: RouteDocs<R>;
}

/**
 * One endpoint. Routes are declared as data so that the Express router, the 405 answers, the
 * serializers and the OpenAPI document all come from the same list and cannot drift apart.
 */
export interface RouteDef extends RouteFields {
  handler: (req: Request, res: Response, send: SendAny) => unknown;
  docs: RouteDocs;
}

export function route<const R extends ResponseDocs>(def: TypedRouteDef<R>): RouteDef {
  return { ...def, handler: (req, res, send) => def.handler(req, res, send) };
}
