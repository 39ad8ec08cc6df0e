import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { authStateFromToken, logOut, storedToken } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/logout';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Successfully logged out', 'You are signed out.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/logout');

/** Spec §2: signed in → log out and say so; signed out → go to /login. */
export default function Page() {
  const navigate = useNavigate();
  const decided = useRef(false);
  // Decided once, on arrival: having just logged out must not then count as "was signed out".
  useEffect(() => {
    if (decided.current) return;
    decided.current = true;
    if (authStateFromToken(storedToken()).isAuthenticated) logOut();
    else void navigate('/login', { replace: true });
  }, [navigate]);

  return (
    <PageHeader title="Successfully logged out">
      <p>Thank you for supporting the foundation.</p>
      <Link to="/" className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800">
        Go home
      </Link>
    </PageHeader>
  );
}
