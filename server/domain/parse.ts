import type { z } from 'zod';
import { parseFields, type IssueKey } from '../../common/api-errors';
import { ValidationError } from './errors';

/** `keyOf` names an issue's field (sign-up payloads have their own spec keys, e.g. attendee-2-name). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, keyOf?: IssueKey): z.output<S> {
  const parsed = parseFields(schema, body, keyOf);
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  return parsed.data;
}
