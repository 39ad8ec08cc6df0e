import { Link } from 'react-router';

/** The way back from a page the dashboard leads to (the account, the scholarship application). */
export function BackToDashboard() {
  return (
    <p>
      <Link to="/dashboard" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        ← Back to your dashboard
      </Link>
    </p>
  );
}
