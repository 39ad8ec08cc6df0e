import { data, redirect } from 'react-router';
import type { Route } from './+types/login-code';
import { readFormFields } from '../../lib/form-body.server';
import { Button, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { SignInFrame } from '../../admin/SignInFrame';
import { afterSignIn, safeNext } from '../../admin/sign-in.server';

export const meta: Route.MetaFunction = () => [{ title: 'Sign-in code | Back office' }, { name: 'robots', content: 'noindex' }];

/** The second step: only for a session whose password was just accepted. */
async function halfwaySession({ request, context }: { request: Request; context: Route.LoaderArgs['context'] }) {
  const { session } = await context.backOffice.auth.session(request);
  if (!session) throw redirect('/admin/login');
  if (session.stage !== 'second_factor') throw redirect('/admin');
  return session;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await halfwaySession(args);
  const site = await args.context.services.content.page('site');
  return { csrfToken: session.csrfToken, email: session.staff.email, siteName: site?.name ?? 'Foundation' };
}

export async function action(args: Route.ActionArgs) {
  const session = await halfwaySession(args);
  const { request, context } = args;
  const fields = await readFormFields(request);
  if (!(await context.backOffice.auth.csrfOk(request, fields, session)))
    return data({ errors: { form: 'This form had expired. Please try again.' } }, { status: 403 });
  const step = await context.backOffice.auth.secondFactor(request, fields);
  if (!step.ok) {
    // Too many wrong codes end the halfway session: back to the password.
    if (!(await context.backOffice.auth.session(request)).session) throw redirect('/admin/login?codes=1');
    return data({ errors: step.errors }, { status: step.status });
  }
  return afterSignIn('full', step.setCookies, safeNext(new URL(request.url).searchParams.get('next')));
}

export default function StaffLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> | undefined = actionData?.errors;
  return (
    <SignInFrame siteName={loaderData.siteName} title="Enter your sign-in code">
      <p className="mb-4 text-slate-700">
        Open the authenticator app on your phone and type the 6-digit code it shows for {loaderData.email}. Lost your phone? Type one of your recovery codes
        instead.
      </p>
      <OtherErrors errors={errors} shown={['code']} />
      <StaffForm csrfToken={loaderData.csrfToken} className="space-y-4" noValidate>
        <TextField
          name="code"
          label="Code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          error={errors?.code}
          hint="6 digits, or a recovery code like 7KQ4-M2XD-9TZP"
        />
        <Button className="w-full">Continue</Button>
      </StaffForm>
      <p className="mt-6 text-sm">
        <a href="/admin/login" className="font-semibold text-brand-700 underline">
          Start again
        </a>
      </p>
    </SignInFrame>
  );
}
