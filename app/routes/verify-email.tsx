import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormCard, GeneralErrors, NeedsJavaScript, SubmitButton, SuccessNotice } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { apiRequest } from '../lib/api';
import { useAuth } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import { useApiForm } from '../lib/hooks/use-api-form';
import type { Route } from './+types/verify-email';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Confirm your email', 'Confirm the email address of your account.'),
  { name: 'robots', content: 'noindex' },
];

const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

export const handle = pageHandle('/verify/:token');

/** Confirms on a click, not the visit, so mail scanners that open links cannot use up the single-use link. */
export default function Page() {
  const { token = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const form = useApiForm({});
  const [done, setDone] = useState(false);

  const onSubmit = form.submit(async () => {
    await apiRequest('/user/verify', { body: { token } });
    setDone(true);
  });

  return (
    <>
      <PageHeader title="Confirm your email" />
      <FormCard>
        <NeedsJavaScript />
        {done ? (
          <>
            <SuccessNotice>Thank you: your email is confirmed.</SuccessNotice>
            <p>
              <Link to={isAuthenticated ? '/dashboard' : '/login'} className={link}>
                {isAuthenticated ? 'Go to your dashboard' : 'Log in'}
              </Link>
            </p>
          </>
        ) : (
          <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
            <GeneralErrors errors={form.errors} fields={[]} />
            <p className="text-slate-800">Press the button to confirm that this email address is yours.</p>
            <SubmitButton busy={form.busy} busyText="Confirming…">
              Confirm my email
            </SubmitButton>
          </form>
        )}
      </FormCard>
    </>
  );
}
