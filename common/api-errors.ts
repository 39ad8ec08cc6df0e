/** Spec §5, §8. */
export type FieldErrors = Record<string, string>;

/** Carries the request id so staff can find the log. */
export interface ServerErrorBody extends FieldErrors {
  server: string;
  requestId: string;
}

/** The first message per top-level field; nested paths joined by '-'. */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('-') : 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}
