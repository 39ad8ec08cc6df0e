import { Form, Link, redirect, useLoaderData } from 'react-router';
import { FixErrorsNotice, FormCard, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { useRouteForm } from '../lib/hooks/use-route-form';
import type { Route } from './+types/login';
import { pageHandle } from '../lib/pages/page-handle';
import { cookieHeaders, redirectSignedIn, refusedForm, safeReturnPath } from '../accounts/supporter.server';
import { readFormFields } from '../lib/form-body.server';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Log in to your profile', 'Log in to sign up for events and see your dashboard.');

const FIELDS = ['email', 'password'] as const;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const from = safeReturnPath(url.searchParams.get('from'));
  await redirectSignedIn(args, from);
  return {
    from,
    email: (url.searchParams.get('email') ?? '').slice(0, 254),
    notice: url.searchParams.has('registered')
      ? 'Successfully registered! You can now log in.'
      : url.searchParams.has('reset')
        ? 'Your password has been changed. You can now log in.'
        : null,
  };
}

/** Spec §4 login as a server session (ADR 043): the cookies come with the redirect. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const outcome = await context.supporters.logIn(request, { email: fields.email ?? '', password: fields.password ?? '' });
  if (!outcome.ok) return refusedForm(outcome, fields);
  return redirect(safeReturnPath(fields.from), { headers: cookieHeaders(outcome.setCookies) });
}

export const handle = pageHandle('/login');

export default function Page() {
  const { from, email, notice } = useLoaderData<typeof loader>();
  const form = useRouteForm(undefined, { email });

  return (
    <>
      <PageHeader title="Log in to your profile" />
      <FormCard>
        {notice ? <SuccessNotice>{notice}</SuccessNotice> : null}
        <Form id={form.formId} method="post" noValidate className="space-y-4">
          <input type="hidden" name="from" value={from} />
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
        </Form>
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
