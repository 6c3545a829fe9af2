/**
 * The few error kinds the service raises. They carry what the client should see; the API maps
 * each kind to its HTTP status in one place (apps/api/src/middleware/error-handler.ts).
 * `details` become extra fields of the JSON body, `headers` extra response headers.
 */
export abstract class VigilError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Missing or invalid input (400). */
export class ValidationError extends VigilError {}
/** Missing, invalid or expired credentials (401). */
export class AuthenticationError extends VigilError {}
/** Not allowed: plan limits, unverified ownership, inactive account (403). */
export class ForbiddenError extends VigilError {}
/** Missing, or owned by another account (404). */
export class NotFoundError extends VigilError {}
/** Already exists, or a state that forbids the move (409). */
export class ConflictError extends VigilError {}
/** Removed for good (410). */
export class GoneError extends VigilError {}
/** A quota or rate limit was hit (429). */
export class RateLimitError extends VigilError {}
/** A user's target could not be reached (502). */
export class UpstreamError extends VigilError {}

/** The service cannot answer right now, e.g. no worker finished in time (503); safe to retry. */
export class UnavailableError extends VigilError {}
