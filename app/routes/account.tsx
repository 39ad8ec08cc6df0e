import { useState } from 'react';
import { Link } from 'react-router';
import type { AccountProfile } from '../../common/accounts';
import { ChangePasswordForm } from '../accounts/ChangePasswordForm';
import { DeleteAccount, DownloadData } from '../accounts/MyData';
import { ProfileForm } from '../accounts/ProfileForm';
import { NeedsJavaScript, SuccessNotice } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { useSignedInRequest } from '../lib/hooks/use-signed-in-request';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/account';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your account', 'Edit your profile, change your password, download your data or delete your account.'),
  { name: 'robots', content: 'noindex' },
];

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

export const handle = pageHandle('/account');

export default function Page() {
  const [deleted, setDeleted] = useState(false);
  // Once deleted there is nothing to load, and the signed-out visitor stays on the goodbye note.
  const load = useSignedInRequest<AccountProfile>(deleted ? null : '/user/account');

  return (
    <>
      <PageHeader title="Your account" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <NeedsJavaScript />
        {deleted ? (
          <div className={card}>
            <SuccessNotice>Your account has been deleted. Thank you for supporting the foundation.</SuccessNotice>
            <Link to="/" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Back to the home page
            </Link>
          </div>
        ) : load.state === 'ready' ? (
          <>
            <p>
              <Link to="/dashboard" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                ← Back to your dashboard
              </Link>
            </p>
            <div className={card}>
              <ProfileForm profile={load.data} />
            </div>
            <div className={card}>
              <ChangePasswordForm />
            </div>
            <div className={card}>
              <DownloadData />
            </div>
            <div className={`${card} border-red-200`}>
              <DeleteAccount onDeleted={() => setDeleted(true)} />
            </div>
          </>
        ) : load.state === 'failed' ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
            We could not load your account just now. Please reload the page to try again.
          </p>
        ) : (
          <p role="status" className="text-center text-slate-700">
            Loading your account…
          </p>
        )}
      </div>
    </>
  );
}
