import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logOut, storedToken, storedTokenExpiry, useAuth } from '../lib/auth';

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Spec §4 on start-up and while the page is open: an expired stored token logs the user out and
 * sends the browser to /login. Also keeps <html data-auth> (which picks the account links) current.
 */
export function AuthSession() {
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    document.documentElement.dataset.auth = isAuthenticated ? 'in' : 'out';
  }, [isAuthenticated]);

  useEffect(() => {
    if (!storedToken()) return;
    const exp = storedTokenExpiry();
    const expire = () => {
      logOut();
      void navigate('/login', { replace: true });
    };
    if (exp === null) {
      logOut(); // unreadable token: nothing to restore
      return;
    }
    const msLeft = exp * 1000 - Date.now();
    if (msLeft <= 0) {
      expire();
      return;
    }
    const timer = setTimeout(expire, Math.min(msLeft, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [user, navigate]);

  return null;
}
