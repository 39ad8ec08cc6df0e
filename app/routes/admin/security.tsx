import { Link } from 'react-router';
import type { Route } from './+types/security';
import { AdminPageHeader } from '../../admin/AdminShell';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { TextField } from '../../ui/FormFields';
import { answer } from '../../admin/answer.server';
import { SecurityFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';
import { RecoveryCodes } from '../../admin/RecoveryCodes';

export const meta: Route.MetaFunction = () => [{ title: 'Two-step sign-in | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requireStaff(args, { allowEnrol: true, reviewers: true });
  const { staff } = session;
  // Everyone without an authenticator sets one up here (review finding 14: it is required of all staff).
  const enrolment = staff.totpEnabled ? null : await args.context.backOffice.auth.enrolment(args.request);
  const codesLeft = staff.totpEnabled ? await args.context.backOffice.auth.recoveryCodesLeft(args.request) : 0;
  return { staff, enrolling: session.stage === 'enrol', enrolment, codesLeft };
}

export async function action(args: Route.ActionArgs) {
  const { fields, input } = await readStaffForm(args, SecurityFormSchema, { allowEnrol: true, reviewers: true });
  if (!input.ok) return answer({ intent: fields.intent ?? '', ...input });
  const auth = args.context.backOffice.auth;
  const { intent } = input.data;
  // The domain parses the code. Turning it off is refused for everyone; a page left open gets a clear answer.
  const done =
    intent === 'enable'
      ? await auth.finishEnrolment(args.request, fields)
      : intent === 'recovery'
        ? await auth.newRecoveryCodes(args.request, fields)
        : await auth.turnOffTwoFactor(args.request);
  return answer({ intent, ...done });
}

function CodeForm({
  intent,
  label,
  button,
  errors,
  variant = 'primary',
}: {
  intent: string;
  label: string;
  button: string;
  errors?: Record<string, string>;
  variant?: 'primary' | 'danger';
}) {
  return (
    <StaffForm className="mt-4 flex flex-wrap items-end gap-3" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <TextField name="code" id={`code-${intent}`} label={label} inputMode="numeric" autoComplete="one-time-code" required className="w-48" error={errors?.code} />
      <Button variant={variant}>{button}</Button>
    </StaffForm>
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, enrolling, enrolment, codesLeft } = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  const errorsFor = (intent: string) => (actionData?.intent === intent ? errors : undefined);
  const recoveryCodes = actionData?.ok && 'recoveryCodes' in actionData ? actionData.recoveryCodes : null;
  const message = actionData?.ok && 'message' in actionData ? actionData.message : null;

  if (recoveryCodes) {
    return (
      <div className="max-w-2xl space-y-6">
        <AdminPageHeader title="Two-step sign-in is on" lead="From now on you sign in with your password and a code from your authenticator app." />
        <RecoveryCodes codes={recoveryCodes} />
        <Link to="/admin" className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          I have saved my codes: continue
        </Link>
      </div>
    );
  }

  return (
    <div className="max-w-2xl space-y-6">
      <AdminPageHeader
        title="Two-step sign-in"
        lead="A code from an authenticator app on your phone, on top of your password, keeps supporters' details safe even if a password leaks."
      />
      {message ? <Notice tone="success">{message}</Notice> : null}
      <OtherErrors errors={errors} shown={['code']} />
      {staff.totpEnabled ? (
        <>
          <Notice tone="success">Two-step sign-in is on for {staff.email}.</Notice>
          <section aria-labelledby="codes-heading" className="rounded-lg border border-slate-300 bg-white p-5">
            <h2 id="codes-heading" className="text-lg font-bold">
              Recovery codes
            </h2>
            <p className="mt-1 text-slate-700">
              You have {codesLeft} unused recovery code{codesLeft === 1 ? '' : 's'}. Making new ones stops the old ones from working.
            </p>
            <CodeForm intent="recovery" label="Code from your app" button="Make new recovery codes" errors={errorsFor('recovery')} />
          </section>
        </>
      ) : enrolment ? (
        <section aria-labelledby="setup-heading" className="rounded-lg border border-slate-300 bg-white p-5">
          <h2 id="setup-heading" className="text-lg font-bold">
            Set up your authenticator app
          </h2>
          {enrolling ? <Notice tone="info">Every staff member sets up two-step sign-in before using the back office.</Notice> : null}
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-slate-800">
            <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
            <li>In the app, add an account and scan this QR code.</li>
            <li>Type the 6-digit code the app shows.</li>
          </ol>
          <img
            src={enrolment.qrSvgDataUrl}
            alt="QR code for your authenticator app"
            width={220}
            height={220}
            className="mt-4 rounded border border-slate-200"
          />
          <p className="mt-3 text-sm text-slate-700">
            Cannot scan? Enter this key by hand:{' '}
            <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900" data-testid="totp-secret">
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <CodeForm intent="enable" label="Code from your app" button="Turn on two-step sign-in" errors={errorsFor('enable')} />
        </section>
      ) : null}
    </div>
  );
}
