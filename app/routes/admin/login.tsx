import { data, redirect } from 'react-router';
import type { Route } from './+types/login';
import { readFormFields } from '../../lib/form-body.server';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { SignInFrame } from '../../admin/SignInFrame';
import { afterSignIn, safeNext } from '../../admin/sign-in.server';

export const meta: Route.MetaFunction = () => [{ title: 'Staff sign-in | Back office' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  const { session } = await context.backOffice.auth.session(request);
  if (session?.stage === 'full') throw redirect(next);
  const csrf = await context.backOffice.auth.anonymousCsrf(request);
  const site = await context.services.content.page('site');
  return data(
    {
      csrfToken: csrf.token,
      ended: url.searchParams.get('ended') === '1',
      signedOut: url.searchParams.get('signed_out') === '1',
      tooManyCodes: url.searchParams.get('codes') === '1',
      siteName: site?.name ?? 'Foundation',
    },
    csrf.setCookie ? { headers: { 'Set-Cookie': csrf.setCookie } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  if (!(await context.backOffice.auth.csrfOk(request, fields, null))) {
    return data({ errors: { form: 'This form had expired. Please sign in again.' }, email: '' }, { status: 403 });
  }
  // A new sign-in never reuses the browser's old session (fixation): it is ended first.
  await context.backOffice.auth.signOut(request);
  const step = await context.backOffice.auth.signIn(request, fields);
  const email = (fields.email ?? '').slice(0, 254);
  if (!step.ok) return data({ errors: step.errors, email }, { status: step.status });
  return afterSignIn(step.stage, step.setCookies, safeNext(new URL(request.url).searchParams.get('next')));
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> | undefined = actionData?.errors;
  return (
    <SignInFrame siteName={loaderData.siteName} title="Staff sign-in">
      {loaderData.ended && !errors ? (
        <Notice tone="info">Your session has ended: after 30 minutes without activity, 12 hours after signing in, or because an admin signed you out. Please sign in again.</Notice>
      ) : null}
      {loaderData.signedOut && !errors ? <Notice tone="success">You are signed out.</Notice> : null}
      {loaderData.tooManyCodes && !errors ? <Notice tone="error">Too many wrong codes. Please sign in again.</Notice> : null}
      <OtherErrors errors={errors} shown={['email', 'password']} />
      <StaffForm csrfToken={loaderData.csrfToken} className="space-y-4" noValidate>
        <TextField name="email" label="Email" type="email" autoComplete="username" required defaultValue={actionData?.email} error={errors?.email} />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required error={errors?.password} />
        <Button className="w-full">Sign in</Button>
      </StaffForm>
      <p className="mt-6 text-sm text-slate-700">Forgot your password or lost your phone? Ask an admin to send you a new set-up link.</p>
    </SignInFrame>
  );
}
