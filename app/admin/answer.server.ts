import { data } from 'react-router';

/**
 * An action's answer: as it is when it worked, with status 400 when it was refused, so a refusal
 * is a refusal to clients and in the request log too, not a 200 with an error on the page.
 */
export function answer<T extends { ok: boolean }>(result: T) {
  return result.ok ? result : data(result, { status: 400 });
}
