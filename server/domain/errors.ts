import type { FieldErrors } from '../../common/api-errors';

/** Each carries field-keyed messages (spec §5). */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields).join(' '));
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly code = 'validation';
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

/** Valid, but clashes with current state (duplicate, full, closed). */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
}

export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';
}

export class TooManyRequestsError extends DomainError {
  readonly code = 'too_many';
  constructor(
    fields: FieldErrors,
    readonly retryAfterSeconds: number,
  ) {
    super(fields);
  }
}
