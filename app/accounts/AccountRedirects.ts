import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';

/** Spec §2: signed-in users who open Login or Register go to their dashboard. */
export function useRedirectSignedIn(to = '/dashboard') {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthenticated) void navigate(to, { replace: true });
  }, [isAuthenticated, navigate, to]);
}
