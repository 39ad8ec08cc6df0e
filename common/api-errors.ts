import type { z } from 'zod';

/** Spec §5, §8. */
export type FieldErrors = Record<string, string>;

/** Carries the request id so staff can find the log. */
export interface ServerErrorBody extends FieldErrors {
  server: string;
  requestId: string;
}

/** Names an issue's field by its path. */
export type IssueKey = (path: readonly PropertyKey[]) => string;

const joinedPath: IssueKey = (path) => (path.length > 0 ? path.map(String).join('-') : 'body');

/** The first message per field; by default nested paths joined by '-'. */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], keyOf: IssueKey = joinedPath): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[keyOf(issue.path)] ??= issue.message;
  return errors;
}

export type FieldsParse<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** For API bodies and back-office forms alike. zod's types only: nothing reaches a browser. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, keyOf?: IssueKey): FieldsParse<z.output<S>> {
  const result = schema.safeParse(input ?? {});
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrorsFromIssues(result.error.issues, keyOf) };
}
