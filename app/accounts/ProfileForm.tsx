import { useState } from 'react';
import type { AccountProfile } from '../../common/accounts';
import { FixErrorsNotice, GeneralErrors, SubmitButton, SuccessNotice } from '../ui/FormFields';
import { ProfileFields } from './ProfileFields';
import { apiRequest } from '../lib/api';
import { logIn } from '../lib/auth';
import { useApiForm } from '../lib/hooks/use-api-form';

const FIELDS = ['first', 'last', 'username', 'email'] as const;

/** Name, username and email, under registration's rules; a new email must be confirmed again. */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const form = useApiForm({ first: profile.first, last: profile.last, username: profile.username, email: profile.email });
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = form.submit(async (values) => {
    setSaved(null);
    const answer = await apiRequest<{ token: string; emailChanged: boolean }>('/user/account', { body: values });
    // The token carries the names the header and the dashboard show.
    logIn(answer.token);
    setSaved(
      answer.emailChanged
        ? `Saved. We sent a link to ${values.email.trim().toLowerCase()}: open it to confirm your new email.`
        : 'Your profile is saved.',
    );
  });

  return (
    <form id={form.formId} method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="profile-form-heading">
      <h2 id="profile-form-heading" className="text-xl font-semibold text-brand-800">
        Your profile
      </h2>
      {saved ? <SuccessNotice>{saved}</SuccessNotice> : null}
      <GeneralErrors errors={form.errors} fields={FIELDS} />
      <ProfileFields
        field={form.field}
        email={{ hint: profile.emailVerified ? 'Confirmed. A new email must be confirmed again.' : 'Not confirmed yet: open the link we emailed you.' }}
      />
      <FixErrorsNotice errors={form.errors} />
      <SubmitButton busy={form.busy} busyText="Saving…">
        Save profile
      </SubmitButton>
    </form>
  );
}
