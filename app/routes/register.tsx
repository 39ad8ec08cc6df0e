import { Form, Link, redirect } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, SubmitButton } from '../ui/FormFields';
import { PolicyNotice } from '../ui/PolicyNotice';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { useRouteForm } from '../lib/hooks/use-route-form';
import type { Route } from './+types/register';
import { NewPasswordFields } from '../accounts/NewPasswordFields';
import { ProfileFields } from '../accounts/ProfileFields';
import { pageHandle } from '../lib/pages/page-handle';
import { redirectSignedIn, refusedForm } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Register with us', 'Create a free account to sign up for events and see your donations.');

const FIELDS = ['first', 'last', 'username', 'email', 'password', 'password2'] as const;

export async function loader(args: Route.LoaderArgs) {
  await redirectSignedIn(args);
  return null;
}

/** Spec §4. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const outcome = await context.supporters.register(fields);
  if (!outcome.ok) return refusedForm(outcome, fields);
  return redirect(`/login?registered&email=${encodeURIComponent((fields.email ?? '').trim())}`);
}

export const handle = pageHandle('/register');

export default function Page() {
  const form = useRouteForm();

  return (
    <>
      <PageHeader title="Register with us" />
      <FormCard>
        <Form id={form.formId} method="post" noValidate className="space-y-4">
          <GeneralErrors errors={form.errors} fields={FIELDS} />
          <ProfileFields field={form.field} email={{ placeholder: 'Your Gravatar email adds a photo' }} />
          <NewPasswordFields field={form.field} label="Password" />
          <FixErrorsNotice errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Signing up…">
            Sign Up
          </SubmitButton>
          <PolicyNotice action="signing up" />
        </Form>
        <p className="mt-6 text-center text-sm text-slate-700">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Log in
          </Link>
        </p>
      </FormCard>
    </>
  );
}
