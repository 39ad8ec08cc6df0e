import { useState } from 'react';
import { PASSWORD_MAX } from '../../common/accounts';
import { FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice, TextField } from '../ui/FormFields';
import { apiRequest } from '../lib/api';
import { logIn } from '../lib/auth';
import { useApiForm } from '../lib/hooks/use-api-form';
import { NewPasswordFields } from './NewPasswordFields';

const FIELDS = ['current', 'password', 'password2'] as const;

/** A new password signs every other browser out; this one keeps going with the fresh token. */
export function ChangePasswordForm() {
  const form = useApiForm({ current: '', password: '', password2: '' });
  const [saved, setSaved] = useState(false);

  const onSubmit = form.submit(async (values) => {
    setSaved(false);
    const answer = await apiRequest<{ token: string }>('/user/password', { body: values });
    logIn(answer.token);
    form.setValues({ current: '', password: '', password2: '' });
    setSaved(true);
  });

  return (
    <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="password-form-heading">
      <h2 id="password-form-heading" className="text-xl font-semibold text-brand-800">
        Change your password
      </h2>
      <p className="text-sm text-slate-700">Every other browser or device signed in to your account is signed out.</p>
      {saved ? <SuccessNotice>Your password has been changed. Other browsers are signed out.</SuccessNotice> : null}
      <GeneralErrors errors={form.errors} fields={FIELDS} />
      <TextField label="Current password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} required {...form.field('current')} />
      <NewPasswordFields field={form.field} label="New password" />
      <FixErrorsNotice errors={form.errors} />
      <SubmitButton busy={form.busy} busyText="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
