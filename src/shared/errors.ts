/**
 * One error family for client and server. Each class carries its HTTP status; the server's error
 * handler turns any of them into the spec's envelope, and anything else into a generic 500.
 */
export interface FieldProblem {
  /** JSON pointer or dotted path of the offending field. */
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number = 500;
  constructor(
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  override readonly status = 400;
}
export class UnauthorizedError extends AppError {
  override readonly status = 401;
}
export class ForbiddenError extends AppError {
  override readonly status = 403;
}
export class NotFoundError extends AppError {
  override readonly status = 404;
}
export class MethodNotAllowedError extends AppError {
  override readonly status = 405;
}
/** @public 409 for a write that lost to another (no route needs it yet; the family stays whole). */
export class ConflictError extends AppError {
  override readonly status = 409;
}
export class TooManyRequestsError extends AppError {
  override readonly status = 429;
}
/** The server is at a capacity bound (e.g. password hashing): the same request may succeed later. */
export class ServiceUnavailableError extends AppError {
  override readonly status = 503;
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try after sometime.';
