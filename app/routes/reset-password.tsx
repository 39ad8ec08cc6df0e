import { Form, Link, redirect } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, SubmitButton } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { useRouteForm } from '../lib/hooks/use-route-form';
import type { Route } from './+types/reset-password';
import { NewPasswordFields } from '../accounts/NewPasswordFields';
import { pageHandle } from '../lib/pages/page-handle';
import { refusedForm } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Choose a new password', 'Set a new password for your account.'),
  { name: 'robots', content: 'noindex' },
];

const FIELDS = ['password', 'password2'] as const;

/** Ends every session of the account (ADR 043). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const outcome = await context.supporters.resetPassword({ token: params.token, password: fields.password ?? '', password2: fields.password2 ?? '' });
  if (!outcome.ok) return refusedForm(outcome, fields);
  return redirect('/login?reset');
}

export const handle = pageHandle('/reset/:token');

export default function Page() {
  const form = useRouteForm();

  return (
    <>
      <PageHeader title="Choose a new password" />
      <FormCard>
        <Form id={form.formId} method="post" noValidate className="space-y-4">
          <GeneralErrors errors={form.errors} fields={FIELDS} />
          {form.errors.token ? (
            <p className="text-sm">
              <Link to="/forgot" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Ask for a new link
              </Link>
            </p>
          ) : null}
          <NewPasswordFields field={form.field} label="New password" />
          <FixErrorsNotice errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Saving…">
            Change password
          </SubmitButton>
        </Form>
      </FormCard>
    </>
  );
}
