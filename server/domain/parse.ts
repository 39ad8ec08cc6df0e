import type { z } from 'zod';
import { fieldErrorsFromIssues } from '../../common/api-errors';
import { ValidationError } from './errors';

/** Parses a request body with its schema, or throws the field-keyed ValidationError. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ValidationError(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}
