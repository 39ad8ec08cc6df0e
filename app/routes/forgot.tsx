import { data, Form, Link } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { useRouteForm, type FormAnswer } from '../lib/hooks/use-route-form';
import type { Route } from './+types/forgot';
import { pageHandle } from '../lib/pages/page-handle';
import { refusedForm } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Forgot your password?', 'Get a link to choose a new password for your account.'),
  { name: 'robots', content: 'noindex' },
];

const SENT = 'If an account uses that email, we have sent it a link to choose a new password. It works for one hour.';

/** The same answer whether or not the email has an account (ADR 043). */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const outcome = await context.supporters.forgotPassword({ email: fields.email ?? '' }, request);
  if (!outcome.ok) return refusedForm(outcome, fields);
  return data<FormAnswer>({ done: SENT });
}

export const handle = pageHandle('/forgot');

export default function Page() {
  const form = useRouteForm();

  return (
    <>
      <PageHeader title="Forgot your password?" />
      <FormCard>
        {form.done ? (
          <SuccessNotice>{form.done}</SuccessNotice>
        ) : (
          <Form id={form.formId} method="post" noValidate className="space-y-4">
            <p className="text-slate-700">Enter the email of your account and we will send you a link to choose a new password.</p>
            <GeneralErrors errors={form.errors} fields={['email']} />
            <TextField label="Email" type="email" autoComplete="email" maxLength={254} required {...form.field('email')} />
            <FixErrorsNotice errors={form.errors} />
            <SubmitButton busy={form.busy} busyText="Sending…">
              Send reset link
            </SubmitButton>
          </Form>
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
