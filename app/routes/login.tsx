import { Link, useLocation, useNavigate } from 'react-router';
import { useRedirectSignedIn } from '../accounts/AccountRedirects';
import { FixErrorsNotice, FormCard, GeneralErrors, NeedsJavaScript, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { apiRequest } from '../lib/api';
import { logIn } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import { useApiForm } from '../lib/hooks/use-api-form';
import type { Route } from './+types/login';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Log in to your profile', 'Log in to sign up for events and see your dashboard.');

const FIELDS = ['email', 'password'] as const;

interface LoginState {
  newRegister?: boolean;
  passwordReset?: boolean;
  /** Where the visitor was going when asked to log in (same-site paths only). */
  from?: string;
  /** The address just registered, so it need not be typed again. */
  email?: string;
}

const safeReturnPath = (from: unknown) => (typeof from === 'string' && /^\/(?!\/)/.test(from) ? from : '/dashboard');

export const handle = pageHandle('/login');

export default function Page() {
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  useRedirectSignedIn(safeReturnPath(state.from));
  const navigate = useNavigate();
  const form = useApiForm({ email: typeof state.email === 'string' ? state.email : '', password: '' });

  const onSubmit = form.submit(async (values) => {
    const { token } = await apiRequest<{ token: string }>('/user/login', { body: values });
    logIn(token);
    await navigate(safeReturnPath(state.from), { replace: true });
  });

  return (
    <>
      <PageHeader title="Log in to your profile" />
      <FormCard>
        <NeedsJavaScript />
        {state.newRegister ? <SuccessNotice>Successfully registered! You can now log in.</SuccessNotice> : null}
        {state.passwordReset ? <SuccessNotice>Your password has been changed. You can now log in.</SuccessNotice> : null}
        <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
          <GeneralErrors errors={form.errors} fields={FIELDS} />
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} required {...form.field('email')} />
          <TextField label="Password" type="password" autoComplete="current-password" maxLength={128} required {...form.field('password')} />
          <p className="text-right text-sm">
            <Link to="/forgot" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Forgot your password?
            </Link>
          </p>
          <FixErrorsNotice errors={form.errors} />
          <SubmitButton busy={form.busy} busyText="Logging in…">
            Login
          </SubmitButton>
        </form>
        <p className="mt-6 text-center text-sm text-slate-700">
          New here?{' '}
          <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Sign Up
          </Link>
        </p>
      </FormCard>
    </>
  );
}
