import { useState } from 'react';
import { Link } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, NeedsJavaScript, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { apiRequest } from '../lib/api';
import { pageMeta } from '../lib/seo/meta';
import { useApiForm } from '../lib/hooks/use-api-form';
import type { Route } from './+types/forgot';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Forgot your password?', 'Get a link to choose a new password for your account.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/forgot');

export default function Page() {
  const form = useApiForm({ email: '' });
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.submit(async (values) => {
    const answer = await apiRequest<{ message: string }>('/user/forgot', { body: values });
    setSent(answer.message);
  });

  return (
    <>
      <PageHeader title="Forgot your password?" />
      <FormCard>
        <NeedsJavaScript />
        {sent ? (
          <SuccessNotice>{sent}</SuccessNotice>
        ) : (
          <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-slate-700">Enter the email of your account and we will send you a link to choose a new password.</p>
            <GeneralErrors errors={form.errors} fields={['email']} />
            <TextField label="Email" type="email" autoComplete="email" maxLength={254} required {...form.field('email')} />
            <FixErrorsNotice errors={form.errors} />
            <SubmitButton busy={form.busy} busyText="Sending…">
              Send reset link
            </SubmitButton>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-slate-700">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Log in
          </Link>
        </p>
      </FormCard>
    </>
  );
}
