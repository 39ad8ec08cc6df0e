/** Every /api error body is a map from a field name to a message (spec §5, §8). */
export type FieldErrors = Record<string, string>;

/** A server failure that is not about a field carries the request id so staff can find the log. */
export interface ServerErrorBody extends FieldErrors {
  server: string;
  requestId: string;
}

/** Zod issues → the field-keyed map: the first message for each top-level field (nested paths joined by '-'). */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('-') : 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}
