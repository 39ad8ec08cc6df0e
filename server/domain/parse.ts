import type { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors } from '../../common/api-errors';
import { ValidationError } from './errors';

/** `keyOf` names an issue's field (sign-up payloads have their own spec keys, e.g. attendee-2-name). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, keyOf?: (path: readonly PropertyKey[]) => string): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  if (!keyOf) throw new ValidationError(fieldErrorsFromIssues(result.error.issues));
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) fields[keyOf(issue.path)] ??= issue.message;
  throw new ValidationError(fields);
}
