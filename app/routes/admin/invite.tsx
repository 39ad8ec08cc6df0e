import { data } from 'react-router';
import type { Route } from './+types/invite';
import { readFormFields } from '../../lib/form-body.server';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { SignInFrame } from '../../admin/SignInFrame';
import { afterSignIn } from '../../admin/sign-in.server';
import { STAFF_PASSWORD_MIN } from '../../../common/staff';
import { ROLE_WORDS } from '../../../common/staff';

export const meta: Route.MetaFunction = () => [{ title: 'Set up your staff account | Back office' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const invited = await context.backOffice.auth.invitation(params.token);
  const site = await context.services.content.page('site');
  const siteName = site?.name ?? 'Foundation';
  if (!invited) return data({ invited: null, csrfToken: '', siteName, passwordMin: STAFF_PASSWORD_MIN }, { status: 410 });
  const csrf = await context.backOffice.auth.anonymousCsrf(request);
  return data(
    // The minimum travels in the data: importing it into the page would bundle the schema module.
    { invited: { email: invited.email, name: invited.name, role: invited.role }, csrfToken: csrf.token, siteName, passwordMin: STAFF_PASSWORD_MIN },
    csrf.setCookie ? { headers: { 'Set-Cookie': csrf.setCookie } } : undefined,
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  if (!(await context.backOffice.auth.csrfOk(request, fields, null))) {
    return data({ errors: { form: 'This form had expired. Please try again.' }, name: '' }, { status: 403 });
  }
  await context.backOffice.auth.signOut(request);
  const step = await context.backOffice.auth.acceptInvitation(request, params.token, fields);
  if (!step.ok) return data({ errors: step.errors, name: (fields.name ?? '').slice(0, 100) }, { status: step.status });
  return afterSignIn(step.stage, step.setCookies, '/admin');
}

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { invited, siteName } = loaderData;
  if (!invited) {
    return (
      <SignInFrame siteName={siteName} title="This link no longer works">
        <p className="text-slate-700">Set-up links work once and for 72 hours. Ask an admin of the foundation to send you a new one.</p>
      </SignInFrame>
    );
  }
  const errors: Record<string, string> | undefined = actionData?.errors;
  return (
    <SignInFrame siteName={siteName} title="Set up your staff account">
      <Notice tone="info">
        You are joining as {ROLE_WORDS[invited.role]} with the email {invited.email}.
        {' Next you will set up an authenticator app on your phone.'}
      </Notice>
      <OtherErrors errors={errors} shown={['name', 'password', 'confirm']} />
      <StaffForm csrfToken={loaderData.csrfToken} className="space-y-4" noValidate>
        <input type="hidden" name="email" value={invited.email} autoComplete="username" />
        <TextField
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={actionData?.name || invited.name}
          error={errors?.name}
        />
        <TextField
          name="password"
          label="Choose a password"
          type="password"
          autoComplete="new-password"
          required
          minLength={loaderData.passwordMin}
          error={errors?.password}
          hint={`At least ${loaderData.passwordMin} characters. A few unrelated words make a strong one.`}
        />
        <TextField name="confirm" label="Type it again" type="password" autoComplete="new-password" required error={errors?.confirm} />
        <Button className="w-full">Set password and sign in</Button>
      </StaffForm>
    </SignInFrame>
  );
}
