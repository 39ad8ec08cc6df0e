import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signInChanged } from '../lib/auth';

/** Logging in or out is a form the server answers with new cookies, so data-auth and useAuth() refresh after navigation (ADR 043). */
export function AuthSession() {
  const { key } = useLocation();
  useEffect(() => {
    signInChanged();
  }, [key]);
  return null;
}
