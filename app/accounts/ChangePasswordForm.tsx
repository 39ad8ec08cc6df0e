import { Form } from 'react-router';
import { PASSWORD_MAX } from '../../common/accounts';
import { FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { useRouteForm } from '../lib/hooks/use-route-form';
import { NewPasswordFields } from './NewPasswordFields';

const FIELDS = ['current', 'password', 'password2'] as const;
export const PASSWORD_INTENT = 'password';

/** Signs every browser out; this one gets a fresh session (ADR 043). */
export function ChangePasswordForm() {
  const form = useRouteForm(PASSWORD_INTENT);
  return (
    // A new key after each change empties the fields the browser kept.
    <Form key={form.done ?? 'form'} id={form.formId} method="post" noValidate className="space-y-4" aria-labelledby="password-form-heading">
      <input type="hidden" name="intent" value={PASSWORD_INTENT} />
      <h2 id="password-form-heading" className="text-xl font-semibold text-brand-800">
        Change your password
      </h2>
      <p className="text-sm text-slate-700">Every other browser or device signed in to your account is signed out.</p>
      {form.done ? <SuccessNotice>{form.done}</SuccessNotice> : null}
      <GeneralErrors errors={form.errors} fields={FIELDS} />
      <TextField label="Current password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} required {...form.field('current')} />
      <NewPasswordFields field={form.field} label="New password" />
      <FixErrorsNotice errors={form.errors} />
      <SubmitButton busy={form.busy} busyText="Changing…">
        Change password
      </SubmitButton>
    </Form>
  );
}
