import { Link, useNavigate } from 'react-router';
import { useRedirectSignedIn } from '../accounts/AccountRedirects';
import { FixErrorsNotice, FormCard, GeneralErrors, NeedsJavaScript, SubmitButton } from '../ui/FormFields';
import { PolicyNotice } from '../ui/PolicyNotice';
import { PageHeader } from '../ui/PageHeader';
import { apiRequest } from '../lib/api';
import { pageMeta } from '../lib/seo/meta';
import { useApiForm } from '../lib/hooks/use-api-form';
import type { Route } from './+types/register';
import { NewPasswordFields } from '../accounts/NewPasswordFields';
import { ProfileFields } from '../accounts/ProfileFields';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Register with us', 'Create a free account to sign up for events and see your donations.');

const FIELDS = ['first', 'last', 'username', 'email', 'password', 'password2'] as const;

export const handle = pageHandle('/register');

export default function Page() {
  useRedirectSignedIn();
  const navigate = useNavigate();
  const form = useApiForm({ first: '', last: '', username: '', email: '', password: '', password2: '' });

  const onSubmit = form.submit(async (values) => {
    await apiRequest('/user/register', { body: values });
    // Spec §4: a successful registration leads to Login with the green message.
    await navigate('/login', { state: { newRegister: true, email: values.email.trim() } });
  });

  return (
    <>
      <PageHeader title="Register with us" />
      <FormCard>
        <NeedsJavaScript />
        <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <GeneralErrors errors={form.errors} fields={FIELDS} />
          <ProfileFields field={form.field} email={{ placeholder: 'Your Gravatar email adds a photo' }} />
          <NewPasswordFields field={form.field} label="Password" />
          <FixErrorsNotice errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Signing up…">
            Sign Up
          </SubmitButton>
          <PolicyNotice action="signing up" />
        </form>
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
