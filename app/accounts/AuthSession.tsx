import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { signInChanged } from '../lib/auth';

/**
 * Keeps <html data-auth> (which picks the account links) and every useAuth() current after a
 * navigation: logging in or out is a form the server answers with new cookies (ADR 043).
 */
export function AuthSession() {
  const { key } = useLocation();
  useEffect(() => {
    signInChanged();
  }, [key]);
  return null;
}
