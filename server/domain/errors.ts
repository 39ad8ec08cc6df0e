import type { FieldErrors } from '../../common/api-errors';

/** Base of the foundation's rule violations; each carries field-keyed messages (spec §5). */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).join(' '));
    this.name = new.target.name;
  }
}

/** The input breaks a rule; the fields say which and why. */
export class ValidationError extends DomainError {
  readonly code = 'validation';
}

/** The thing asked for does not exist. */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

/** The request is valid but clashes with current state (duplicate, full, closed). */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
}

/** Who is asking is not allowed to (missing or bad credentials). */
export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';
}

/** Too many attempts in a while (holds, declined cards); `retryAfterSeconds` says when to try again. */
export class TooManyRequestsError extends DomainError {
  readonly code = 'too_many';
  constructor(
    fields: FieldErrors,
    readonly retryAfterSeconds: number,
  ) {
    super(fields);
  }
}
