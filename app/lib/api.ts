import type { FieldErrors } from '../../common/api-errors';

/** `status` 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: FieldErrors,
  ) {
    super(Object.values(fields).join(' '));
    this.name = 'ApiError';
  }
}

function xsrfToken(): string | null {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Spec §7: the XSRF header on unsafe methods; the session cookie goes by itself (ADR 043). */
export async function apiRequest<T>(path: string, options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    let xsrf = xsrfToken();
    if (!xsrf) {
      // A first visit straight into a form may not have the XSRF cookie yet.
      await fetch('/api/events/upcoming', { method: 'HEAD', credentials: 'same-origin', signal: options.signal }).catch(() => undefined);
      xsrf = xsrfToken();
    }
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { server: 'We could not reach the server. Check your connection and try again.' });
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  const fields =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string') as [string, string][])
      : {};
  throw new ApiError(response.status, Object.keys(fields).length > 0 ? fields : { server: `Something went wrong (${response.status}). Please try again.` });
}
