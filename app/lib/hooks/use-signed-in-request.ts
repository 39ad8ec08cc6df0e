import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../api';
import { signInChanged, useAuth } from '../auth';
import { useHydrated } from './use-hydrated';

export type SignedInRequest<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: ApiError };

/** Once hydrated; signed out or an ended session sends the visitor to login. A null path loads nothing. */
export function useSignedInRequest<T>(path: string | null): SignedInRequest<T> {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [load, setLoad] = useState<SignedInRequest<T>>({ state: 'loading' });

  useEffect(() => {
    if (!hydrated || path === null) return;
    if (!isAuthenticated) {
      void navigate('/login', { replace: true });
      return;
    }
    const controller = new AbortController();
    apiRequest<T>(path, { signal: controller.signal })
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          signInChanged(); // the 401 cleared the cookies of the ended session
          void navigate('/login', { replace: true });
          return;
        }
        setLoad({ state: 'failed', error: error instanceof ApiError ? error : new ApiError(0, { server: String(error) }) });
      });
    return () => controller.abort();
  }, [hydrated, isAuthenticated, navigate, path]);

  return load;
}
