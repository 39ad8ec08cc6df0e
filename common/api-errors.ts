/** Every /api error body is a map from a field name to a message (spec §5, §8). */
export type FieldErrors = Record<string, string>;

/** A server failure that is not about a field carries the request id so staff can find the log. */
export interface ServerErrorBody extends FieldErrors {
  server: string;
  requestId: string;
}
